import EditOutlined from '@ant-design/icons/EditOutlined';
import SwapOutlined from '@ant-design/icons/SwapOutlined';
import UploadOutlined from '@ant-design/icons/UploadOutlined';
import type { UnitClassItem, UnitClassStudent, UnitClassTransferView } from '@px/api/contract';
import { formatDateTime } from '@px/config';
import { Button, Card, Descriptions, type DescriptionsProps, Flex, Result, Space } from 'antd';
import { useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { getUnitClass, pageUnitClassStudents } from '../../../api/unit-class';
import { studyProgressColumns } from '../../../components/EnrolmentTable';
import type { ListColumn } from '../../../components/ListTable';
import { ListView } from '../../../components/list-page/ListPage';
import { useListCall } from '../../../components/list-page/list-call';
import { RecordPending } from '../../../components/RecordPending';
import { dateTimeColumn, orDash } from '../../../components/table-columns';
import { useAccess } from '../../../hooks/useAccess';
import { useRecord } from '../../../hooks/useRecord';
import { readPositiveId } from '../../../utils/query-id';
import {
  BATCH_PAY_PAGE,
  batchPayPath,
  IMPORT_STUDENT_PAGE,
  importStudentPath,
} from '../batch-pay-order/batch-order-paths';
import { BatchOrderList } from '../batch-pay-order/components/BatchOrderList';
import { UnitClassStateTag } from '../unit-class/UnitClassStateTag';
import {
  UNIT_CLASS_CREATE_PAGE,
  UNIT_CLASS_LIST_PAGE,
  unitClassFormPath,
} from '../unit-class/unit-class-paths';
import { TransferRecordsCard } from './TransferRecordsCard';
import { TransferStudentsModal } from './TransferStudentsModal';

const studentColumns: ListColumn<UnitClassStudent>[] = [
  { title: '姓名', dataIndex: 'realName', width: 110 },
  { title: '手机号', dataIndex: 'mobile', width: 130, render: orDash },
  ...studyProgressColumns<UnitClassStudent>(),
  dateTimeColumn('报名时间', 'enrolledAt'),
];

/**
 * 学员: the unit class's students with study state and credited hours, paged; rows may be selected
 * (across pages) for 转移学员, which moves them (or all) to another unit class of the same class.
 */
function UnitClassStudentsCard({
  unitClass,
  onTransferred,
}: {
  unitClass: UnitClassItem;
  onTransferred: (view: UnitClassTransferView) => void;
}) {
  const list = useListCall('unit-class/students', pageUnitClassStudents, { id: unitClass.id });
  const [selected, setSelected] = useState<number[]>([]);
  const [transferring, setTransferring] = useState(false);
  const finished = (view: UnitClassTransferView) => {
    setSelected([]);
    list.reload();
    onTransferred(view);
  };
  return (
    <Card
      title="学员"
      extra={
        list.total > 0 && (
          <Space>
            {selected.length > 0 && <span>{`已选 ${selected.length} 人`}</span>}
            <Button icon={<SwapOutlined />} onClick={() => setTransferring(true)}>
              转移学员
            </Button>
          </Space>
        )
      }
    >
      <ListView
        list={list}
        name="unit-class-students"
        filters={[]}
        columns={studentColumns}
        columnsId="train-manage/unit-class-detail/students"
        rowKey="myClassId"
        selection={{ selected, onChange: setSelected }}
        table={{ locale: { emptyText: '暂无学员' } }}
      />
      {transferring && (
        <TransferStudentsModal
          unitClass={unitClass}
          selectedIds={selected}
          open
          onClose={() => setTransferring(false)}
          onFinished={finished}
        />
      )}
    </Card>
  );
}

/**
 * 单位班级详情 (hidden page, `?id=`): one unit class, its students (转移学员 moves them to another
 * unit class of the same class), its transfer records and its batch orders; an open one offers 导入学员.
 */
export function UnitClassDetailPage() {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const id = readPositiveId(params.get('id'));
  const access = useAccess();
  const state = useRecord(id, getUnitClass);
  const [transfers, setTransfers] = useState(0);
  const back = access.can(UNIT_CLASS_LIST_PAGE) ? (
    <Button onClick={() => navigate(UNIT_CLASS_LIST_PAGE)}>返回列表</Button>
  ) : null;

  if (id === null)
    return (
      <Result status="warning" title="未指定单位班级" subTitle="请从单位班级列表进入详情。" extra={back} />
    );
  if (state.status !== 'ready') return <RecordPending state={state} onRetry={state.reload} back={back} />;

  const row = state.record;
  const canImport = row.state === 'OPEN' && access.can(IMPORT_STUDENT_PAGE);
  const items: DescriptionsProps['items'] = [
    { key: 'name', label: '名称', children: row.name },
    { key: 'unit', label: '单位', children: row.unitName },
    { key: 'class', label: '班级', children: row.className },
    { key: 'year', label: '年度', children: row.year },
    { key: 'students', label: '学员（已有/计划）', children: `${row.studentCount} / ${row.plannedStudents}` },
    { key: 'state', label: '状态', children: <UnitClassStateTag state={row.state} /> },
    { key: 'contactName', label: '联系人', children: row.contactName || '—' },
    { key: 'contactMobile', label: '联系电话', children: row.contactMobile || '—' },
    { key: 'createdAt', label: '创建时间', children: formatDateTime(row.createdAt) },
    { key: 'updatedAt', label: '更新时间', children: formatDateTime(row.updatedAt) },
    { key: 'remark', label: '备注', span: 'filled', children: row.remark || '—' },
  ];

  return (
    <Flex vertical gap={16}>
      <Card
        title="单位班级详情"
        extra={
          <Space>
            {back}
            {canImport && (
              <Button icon={<UploadOutlined />} onClick={() => navigate(importStudentPath(row.id))}>
                导入学员
              </Button>
            )}
            {access.can(UNIT_CLASS_CREATE_PAGE) && (
              <Button
                type="primary"
                icon={<EditOutlined />}
                onClick={() => navigate(unitClassFormPath(row.id))}
              >
                编辑
              </Button>
            )}
          </Space>
        }
      >
        <Descriptions bordered column={{ xs: 1, md: 2 }} items={items} />
      </Card>
      <UnitClassStudentsCard
        key={row.id}
        unitClass={row}
        onTransferred={() => {
          setTransfers((count) => count + 1);
          getUnitClass(row.id).then(state.set, () => undefined);
        }}
      />
      <TransferRecordsCard
        key={`records-${row.id}`}
        unitClassId={row.id}
        unitName={row.unitName}
        refreshKey={transfers}
      />
      {access.can(BATCH_PAY_PAGE) && (
        <Card title="批量订单">
          <BatchOrderList key={row.id} unitClassId={row.id} detailPath={batchPayPath} />
        </Card>
      )}
    </Flex>
  );
}
