import type { UnitWorkspace } from '@px/api/contract';
import { formatFen } from '@px/config';
import { Button, Card, Col, Row, Space, Statistic } from 'antd';
import { useEffect, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { getUnitWorkspace } from '../../../api/unit-import';

/**
 * A unit manager's workspace on home: their unit classes, the students bought through them (学习中,
 * 已完成学习, 已合格, 待缴费), the batch orders awaiting payment and imports running, with the ways
 * to 单位班级 and to the batch orders.
 */
export function UnitWorkspaceCard({ canPay }: { canPay: boolean }) {
  const navigate = useNavigate();
  const [workspace, setWorkspace] = useState<UnitWorkspace | null>(null);
  useEffect(() => {
    let current = true;
    getUnitWorkspace({ quiet: true }).then(
      (answer) => current && setWorkspace(answer),
      () => undefined,
    );
    return () => {
      current = false;
    };
  }, []);
  const by = workspace?.studentsByStatus ?? {};
  const stats: { title: string; value: number | string }[] = workspace
    ? [
        { title: '单位班级（开启）', value: `${workspace.unitClasses}（${workspace.openUnitClasses}）` },
        { title: '学员', value: workspace.students },
        { title: '待缴费', value: by.PENDING_PAY ?? 0 },
        { title: '学习中', value: by.STUDYING ?? 0 },
        { title: '已完成学习', value: by.FINISHED_STUDY ?? 0 },
        { title: '已合格', value: by.PASSED ?? 0 },
        {
          title: '待支付批量订单',
          value: `${workspace.unpaidBatches} 笔 ${formatFen(workspace.unpaidAmount)}`,
        },
        { title: '正在导入', value: workspace.runningImports },
      ]
    : [];
  return (
    <Card
      title="单位工作台"
      extra={
        <Space>
          <Button type="primary" onClick={() => navigate('/train-manage/unit-class')}>
            单位班级
          </Button>
          {canPay && <Button onClick={() => navigate('/train-manage/batch-pay-order')}>批量订单</Button>}
        </Space>
      }
    >
      {workspace ? (
        <Row gutter={[16, 16]}>
          {stats.map((stat) => (
            <Col key={stat.title} xs={12} md={6}>
              <Statistic title={stat.title} value={stat.value} />
            </Col>
          ))}
        </Row>
      ) : (
        '为本单位职工创建单位班级、导入学员并统一缴费，查看学员的学习进度。'
      )}
    </Card>
  );
}
