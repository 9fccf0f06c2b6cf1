import EditOutlined from '@ant-design/icons/EditOutlined';
import { formatDateTime, type MenuUrl, ROLE_SYSTEM } from '@px/config';
import { Button, Card, Descriptions, type DescriptionsProps, Flex, Result, Space, Tag } from 'antd';
import { useAtomValue } from 'jotai';
import { useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { getUnit } from '../../../api/unit';
import { RecordPending } from '../../../components/RecordPending';
import { StatusTag } from '../../../components/StatusTag';
import { useAccess } from '../../../hooks/useAccess';
import { useRecord } from '../../../hooks/useRecord';
import { useRegionTree } from '../../../hooks/useRegionTree';
import { accountInfoAtom } from '../../../store/session';
import { readPositiveId } from '../../../utils/query-id';
import { UnitFormModal } from '../components/UnitFormModal';
import { useTrainTypes } from '../hooks/useTrainTypes';
import { UnitAffiliationCards } from './components/UnitAffiliationCards';
import { UnitRegisterQrCard } from './components/UnitRegisterQrCard';
import { UnitRegisterStudentsCard } from './components/UnitRegisterStudentsCard';
import { UnitTrainListCard } from './components/UnitTrainListCard';

const LIST_PATH = '/unit-manage/list' satisfies MenuUrl;

/**
 * 单位详情 (hidden page, `?id=`): one unit's details with its editor, its registration QR code, its
 * train list (培训清单), its registered students, and the units affiliated under it with their students (read-only for unit
 * managers). Unit managers see their own unit (also without `id`) and cannot change
 * its training types.
 */
export function UnitDetailPage() {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const account = useAtomValue(accountInfoAtom);
  const isUnitManager = account?.roleRP.roleSystem === ROLE_SYSTEM.UNIT;
  const unitId = readPositiveId(params.get('id')) ?? (isUnitManager ? (account?.unitId ?? null) : null);
  const canOpenList = useAccess().can(LIST_PATH);
  const state = useRecord(unitId, getUnit);
  const [editor, setEditor] = useState<boolean | null>(null);
  const region = useRegionTree();
  const trainTypes = useTrainTypes();

  const back = canOpenList ? <Button onClick={() => navigate(LIST_PATH)}>返回列表</Button> : null;

  if (unitId === null) {
    return (
      <Result status="warning" title="未指定单位" subTitle="请从培训机构列表进入单位详情。" extra={back} />
    );
  }
  if (state.status !== 'ready') return <RecordPending state={state} onRetry={state.reload} back={back} />;

  const unit = state.record;
  const items: DescriptionsProps['items'] = [
    { key: 'name', label: '单位名称', children: unit.name },
    { key: 'creditCode', label: '统一社会信用代码', children: unit.creditCode || '—' },
    { key: 'contactName', label: '联系人', children: unit.contactName || '—' },
    { key: 'contactMobile', label: '联系电话', children: unit.contactMobile || '—' },
    { key: 'region', label: '所在地区', children: unit.regionName || '—' },
    { key: 'address', label: '详细地址', children: unit.address || '—' },
    {
      key: 'trainTypes',
      label: '培训类型',
      children: unit.trainTypes.length ? (
        <Flex wrap gap={4}>
          {unit.trainTypes.map((code) => (
            <Tag key={code}>{trainTypes.labelOf(code)}</Tag>
          ))}
        </Flex>
      ) : (
        '—'
      ),
    },
    { key: 'status', label: '状态', children: <StatusTag status={unit.status} /> },
    { key: 'createdAt', label: '创建时间', children: formatDateTime(unit.createdAt) },
    { key: 'updatedAt', label: '更新时间', children: formatDateTime(unit.updatedAt) },
    { key: 'remark', label: '备注', span: 'filled', children: unit.remark || '—' },
  ];

  return (
    <Flex vertical gap={16}>
      <Card
        title={isUnitManager ? '本单位信息' : '单位详情'}
        extra={
          <Space>
            {back}
            <Button type="primary" icon={<EditOutlined />} onClick={() => setEditor(true)}>
              编辑
            </Button>
          </Space>
        }
      >
        <Descriptions bordered column={{ xs: 1, md: 2 }} items={items} />
        {editor !== null && (
          <UnitFormModal
            open={editor}
            unit={unit}
            regionTree={region.tree}
            regionLoading={region.loading}
            trainTypeOptions={trainTypes.options}
            canEditTrainTypes={!isUnitManager}
            onCancel={() => setEditor(false)}
            onSaved={(saved) => {
              state.set(saved);
              setEditor(false);
            }}
            afterClose={() => setEditor(null)}
          />
        )}
      </Card>
      <UnitRegisterQrCard key={`qr-${unit.id}`} unitId={unit.id} />
      <UnitTrainListCard key={`train-${unit.id}`} unitId={unit.id} />
      <UnitRegisterStudentsCard key={`students-${unit.id}`} unitId={unit.id} />
      <UnitAffiliationCards
        key={`affiliations-${unit.id}`}
        unitId={unit.id}
        canEdit={!isUnitManager && canOpenList}
        enabled={unit.status === 'ENABLED'}
      />
    </Flex>
  );
}
