import BankOutlined from '@ant-design/icons/BankOutlined';
import type { UnitItem } from '@px/api/contract';
import { Button, Card, Descriptions, type DescriptionsProps } from 'antd';
import { useEffect, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { getUnit } from '../../../api/unit';
import { StatusTag } from '../../../components/StatusTag';

/** The unit manager's way to their unit: the detail page of their unit. */
export function ownUnitPath(unitId: number): string {
  return `/unit-manage/detail?id=${unitId}`;
}

/** A unit manager's card on home: their unit's name, region and status, and the link to 本单位信息. */
export function OwnUnitCard({ unitId }: { unitId: number }) {
  const navigate = useNavigate();
  const [unit, setUnit] = useState<UnitItem | null>(null);
  useEffect(() => {
    let current = true;
    getUnit(unitId, { quiet: true }).then(
      (answer) => current && setUnit(answer),
      () => undefined,
    );
    return () => {
      current = false;
    };
  }, [unitId]);
  const items: DescriptionsProps['items'] = unit
    ? [
        { key: 'name', label: '单位名称', children: unit.name },
        { key: 'region', label: '所在地区', children: unit.regionName || '—' },
        { key: 'status', label: '状态', children: <StatusTag status={unit.status} /> },
      ]
    : [];
  return (
    <Card
      title={
        <>
          <BankOutlined /> 本单位
        </>
      }
      extra={
        <Button type="primary" onClick={() => navigate(ownUnitPath(unitId))}>
          本单位信息
        </Button>
      }
    >
      {unit ? (
        <Descriptions column={{ xs: 1, md: 3 }} items={items} />
      ) : (
        '查看和维护本单位的名称、联系人与地址。'
      )}
    </Card>
  );
}
