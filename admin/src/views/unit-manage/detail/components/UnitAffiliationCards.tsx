import PlusOutlined from '@ant-design/icons/PlusOutlined';
import type { AffiliatedStudent, AffiliatedUnit, UnitOption } from '@px/api/contract';
import { Button, Card, message, Popconfirm, Table, Tooltip, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useCallback, useEffect, useMemo, useState } from 'react';
import {
  deleteAffiliations,
  listAffiliationStudents,
  queryAffiliations,
} from '../../../../api/unit-affiliation';
import type { ListColumn } from '../../../../components/ListTable';
import { ListView } from '../../../../components/list-page/ListPage';
import { useListCall } from '../../../../components/list-page/list-call';
import { dateTimeColumn, orDash, statusColumn } from '../../../../components/table-columns';
import { pageTotalText } from '../../../../hooks/usePagedList';
import { AddAffiliationModal } from './AddAffiliationModal';

/** The largest page the API serves: the card reads every affiliated unit in pages of this size. */
const PAGE = 100;

/** The units affiliated under a unit, all of them (the save sends the whole set), and its own supervising unit. */
function useAffiliatedUnits(unitId: number) {
  const [units, setUnits] = useState<AffiliatedUnit[] | null>(null);
  const [supervising, setSupervising] = useState<UnitOption | null>(null);
  const [tick, setTick] = useState(0);

  useEffect(() => {
    let live = true;
    void tick; // `reload` bumps it to read the units again
    (async () => {
      const all: AffiliatedUnit[] = [];
      for (let pageNum = 1; ; pageNum++) {
        const page = await queryAffiliations({ unitId, pageNum, pageSize: PAGE });
        all.push(...page.list);
        if (pageNum === 1 && live) setSupervising(page.supervisingUnit);
        if (page.list.length < PAGE || all.length >= page.total) break;
      }
      if (live) setUnits(all);
    })().catch(() => live && setUnits((current) => current ?? []));
    return () => {
      live = false;
    };
  }, [unitId, tick]);

  const reload = useCallback(() => setTick((value) => value + 1), []);
  return { units, supervising, reload };
}

const studentColumns: ListColumn<AffiliatedStudent>[] = [
  { title: '姓名', dataIndex: 'realName', width: 120 },
  { title: '身份证号', dataIndex: 'idCardNo', width: 190, render: orDash },
  { title: '手机号', dataIndex: 'mobile', width: 140, render: orDash },
  { title: '所属单位', dataIndex: 'unitName', width: 200 },
  { title: '报名班级', dataIndex: 'enrolmentCount', width: 100, align: 'right' },
  { title: '已合格', dataIndex: 'passedCount', width: 90, align: 'right' },
  statusColumn(90),
  dateTimeColumn('注册时间', 'createdAt'),
];

export interface UnitAffiliationCardsProps {
  unitId: number;
  /** Project staff with the unit list: 添加挂靠单位 and 解除 (unit managers only read). */
  canEdit: boolean;
  /** Whether the unit is enabled: a disabled unit takes no new affiliated units (解除 stays). */
  enabled: boolean;
}

/**
 * 挂靠单位 and 挂靠单位学员 on 单位详情 (docs/product-decisions.md "Unit affiliations"): the units
 * affiliated under the unit (name, credit code, student count) with, for staff, 添加挂靠单位 and 解除;
 * then the students of those units, paged, with the search.
 */
export function UnitAffiliationCards({ unitId, canEdit, enabled }: UnitAffiliationCardsProps) {
  const { units, supervising, reload } = useAffiliatedUnits(unitId);
  const [adding, setAdding] = useState<boolean | null>(null);
  const [releasing, setReleasing] = useState<number | null>(null);
  const students = useListCall('unit/affiliation-students', (query) =>
    listAffiliationStudents({ ...query, unitId }),
  );
  const currentIds = useMemo(() => (units ?? []).map((unit) => unit.unitId), [units]);

  const changed = () => {
    reload();
    students.reload();
  };

  const release = async (unit: AffiliatedUnit) => {
    setReleasing(unit.unitId);
    try {
      await deleteAffiliations(unitId, [unit.unitId]);
      void message.success(`已解除 ${unit.name} 的挂靠`);
      changed();
    } finally {
      setReleasing(null);
    }
  };

  const unitColumns: ColumnsType<AffiliatedUnit> = [
    { title: '单位名称', dataIndex: 'name', width: 220 },
    { title: '统一社会信用代码', dataIndex: 'creditCode', width: 200, render: orDash },
    { title: '学员人数', dataIndex: 'studentCount', width: 100, align: 'right' },
    statusColumn(90),
    dateTimeColumn('挂靠时间', 'affiliatedAt'),
    ...(canEdit
      ? [
          {
            title: '操作',
            key: 'actions',
            width: 90,
            render: (_: unknown, unit: AffiliatedUnit) => (
              <Popconfirm
                title={`解除「${unit.name}」的挂靠？`}
                description="解除后本单位不再看到它的学员。"
                okText="解除"
                okButtonProps={{ danger: true }}
                cancelText="取消"
                onConfirm={() => release(unit)}
              >
                <Button type="link" size="small" danger disabled={releasing !== null}>
                  解除
                </Button>
              </Popconfirm>
            ),
          },
        ]
      : []),
  ];

  return (
    <>
      <Card
        title="挂靠单位"
        extra={
          canEdit && (
            <Tooltip title={enabled ? undefined : '本单位已停用，不能添加挂靠单位'}>
              <Button
                type="primary"
                icon={<PlusOutlined />}
                disabled={!enabled}
                onClick={() => setAdding(true)}
              >
                添加挂靠单位
              </Button>
            </Tooltip>
          )
        }
      >
        {supervising && (
          <Typography.Paragraph type="secondary">主管单位：{supervising.name}</Typography.Paragraph>
        )}
        <Table<AffiliatedUnit>
          rowKey="unitId"
          columns={unitColumns}
          dataSource={units ?? []}
          loading={units === null}
          scroll={{ x: 'max-content' }}
          pagination={{ pageSize: 10, hideOnSinglePage: true, showTotal: pageTotalText }}
          locale={{ emptyText: '暂无挂靠单位' }}
        />
        {adding !== null && (
          <AddAffiliationModal
            open={adding}
            unitId={unitId}
            currentIds={currentIds}
            onCancel={() => setAdding(false)}
            onSaved={() => {
              setAdding(false);
              changed();
            }}
            afterClose={() => setAdding(null)}
          />
        )}
      </Card>
      <Card title="挂靠单位学员">
        <ListView
          list={students}
          name="affiliation-students"
          barStyle={{ marginBottom: 16 }}
          filters={[
            {
              kind: 'select',
              name: 'affiliatedUnitId',
              label: '挂靠单位',
              options: (units ?? []).map((unit) => ({ value: unit.unitId, label: unit.name })),
              width: 200,
            },
            { kind: 'text', name: 'name', label: '姓名', placeholder: '姓名', width: 140 },
            { kind: 'text', name: 'idCardNo', label: '身份证号', placeholder: '完整身份证号', width: 200 },
            { kind: 'text', name: 'mobile', label: '手机号', placeholder: '手机号', width: 150 },
          ]}
          columns={studentColumns}
          columnsId="unit-manage/detail/affiliation-students"
          rowKey="accountId"
          table={{ locale: { emptyText: '暂无挂靠单位学员' } }}
        />
      </Card>
    </>
  );
}
