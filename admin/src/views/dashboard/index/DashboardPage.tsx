import type { DashboardFreshness, DashboardList, DashboardTotals, DashboardUnit } from '@px/api/contract';
import { Button, Card, Col, Flex, message, Row, Segmented, Select, Space, Statistic, Typography } from 'antd';
import { useCallback, useEffect, useState } from 'react';
import {
  getDashboard,
  getDashboardData,
  getDashboardLastDate,
  recomputeDashboard,
  saveDashboardRate,
} from '../../../api/dashboard';
import { type DateRange, DateRangeField } from '../../../components/DateFields';
import { PageLoading } from '../../../components/PageLoading';
import { LoadFailed } from '../../../components/RecordPending';
import { useRecord } from '../../../hooks/useRecord';
import { ChartCard } from './ChartCard';

const UNITS: { label: string; value: DashboardUnit }[] = [
  { label: '按日', value: 'day' },
  { label: '按周', value: 'week' },
  { label: '按月', value: 'month' },
];

/** How an interval reads. */
export function rateLabel(seconds: number): string {
  if (seconds === 0) return '不自动刷新';
  if (seconds < 60) return `每 ${seconds} 秒`;
  if (seconds < 3600) return `每 ${seconds / 60} 分钟`;
  return `每 ${seconds / 3600} 小时`;
}

const yuan = (fen: number) => (fen / 100).toFixed(2);

/** The headline figures of the period and of now. */
function Totals({ totals }: { totals: DashboardTotals | null }) {
  if (!totals) return null;
  const items: [string, string | number, string?][] = [
    ['报名人数', totals.enrolments],
    ['收入（元）', yuan(totals.revenueFen), `实收 ${yuan(totals.paidFen)}，退款 ${yuan(totals.refundedFen)}`],
    ['支付订单', totals.orders],
    ['学习时长（小时）', totals.studyHours],
    ['今日活跃学员', totals.activeToday, `近7日 ${totals.active7}，近30日 ${totals.active30}`],
    [
      '待处理',
      totals.waitingInvoices + totals.waitingRefunds,
      `发票 ${totals.waitingInvoices}，退款 ${totals.waitingRefunds}`,
    ],
  ];
  return (
    <Row gutter={[16, 16]}>
      {items.map(([title, value, note]) => (
        <Col key={title} xs={12} md={8} xl={4}>
          <Card size="small" data-total={title}>
            <Statistic title={title} value={value} />
            {note && <Typography.Text type="secondary">{note}</Typography.Text>}
          </Card>
        </Col>
      ))}
    </Row>
  );
}

/**
 * 数据看板: the project's figures from the dashboard's rollups — totals of the period, then each chart
 * (enrolments, revenue, channels, study, active learners, class rates, top classes and units,
 * regions, work waiting, regulator pushes) with its table and `.xlsx`. Platform staff choose the
 * project; the page reloads by the caller's interval; 刷新看板数据 (with its grant) recomputes now.
 */
export function DashboardPage() {
  const [projectId, setProjectId] = useState<number | undefined>(undefined);
  const dashboard = useRecord(projectId ?? 0, (id) => getDashboard(id === 0 ? undefined : id));
  const [range, setRange] = useState<DateRange | null>(null);
  const [unit, setUnit] = useState<DashboardUnit>('day');
  const [version, setVersion] = useState(0);
  const [totals, setTotals] = useState<DashboardTotals | null>(null);
  const [freshness, setFreshness] = useState<DashboardFreshness | null>(null);
  const [rate, setRate] = useState<number | null>(null);
  const [recomputing, setRecomputing] = useState(false);
  const list: DashboardList | null = dashboard.status === 'ready' ? dashboard.record : null;
  const shownId = list?.projectId;
  const [from, to] = range ?? [undefined, undefined];
  const currentRate = rate ?? list?.rate ?? 0;

  // biome-ignore lint/correctness/useExhaustiveDependencies: version asks for a fresh load.
  useEffect(() => {
    if (shownId === undefined) return;
    let live = true;
    getDashboardData({ projectId: shownId, from, to, type: 'total' }, { quiet: true }).then(
      (data) => live && setTotals(data.totals),
      () => live && setTotals(null),
    );
    getDashboardLastDate(shownId, { quiet: true }).then(
      (answer) => live && setFreshness(answer),
      () => undefined,
    );
    return () => {
      live = false;
    };
  }, [shownId, from, to, version]);

  useEffect(() => {
    if (currentRate <= 0) return;
    const timer = window.setInterval(() => setVersion((v) => v + 1), currentRate * 1000);
    return () => window.clearInterval(timer);
  }, [currentRate]);

  const changeRate = useCallback(async (next: number) => {
    try {
      setRate((await saveDashboardRate(next)).rate);
      void message.success('刷新间隔已保存');
    } catch {
      // The request client has shown why.
    }
  }, []);

  const recompute = async () => {
    setRecomputing(true);
    try {
      setFreshness(await recomputeDashboard(shownId));
      setVersion((v) => v + 1);
      void message.success('看板数据已重新计算');
    } catch {
      // The request client has shown why.
    } finally {
      setRecomputing(false);
    }
  };

  if (dashboard.status === 'loading') return <PageLoading />;
  if (dashboard.status === 'error')
    return <LoadFailed message={dashboard.message} onRetry={dashboard.reload} />;
  const board = dashboard.record;
  const query = { projectId: board.projectId, from, to, unit, version };
  return (
    <Flex vertical gap={16}>
      <Card size="small">
        <Flex wrap gap={12} align="center" justify="space-between">
          <Space wrap>
            {board.projects.length > 0 ? (
              <Select
                aria-label="项目"
                style={{ minWidth: 200 }}
                value={board.projectId}
                options={board.projects.map((project) => ({ value: project.id, label: project.name }))}
                onChange={(id: number) => setProjectId(id)}
              />
            ) : (
              <Typography.Text strong>{board.projectName}</Typography.Text>
            )}
            <DateRangeField aria-label="统计区间" value={range} onChange={(next) => setRange(next ?? null)} />
            <Segmented<DashboardUnit> options={UNITS} value={unit} onChange={setUnit} />
          </Space>
          <Space wrap>
            <Typography.Text type="secondary" data-freshness>
              {freshness?.refreshedAt
                ? `数据更新于 ${new Date(freshness.refreshedAt).toLocaleString('zh-CN', { hour12: false })}`
                : '数据尚未统计'}
            </Typography.Text>
            <Select
              aria-label="自动刷新"
              style={{ width: 150 }}
              value={currentRate}
              options={board.rates.map((seconds) => ({ value: seconds, label: rateLabel(seconds) }))}
              onChange={changeRate}
            />
            <Button onClick={() => setVersion((v) => v + 1)}>刷新</Button>
            {board.abilities.canRefresh && (
              <Button type="primary" loading={recomputing} onClick={recompute}>
                刷新看板数据
              </Button>
            )}
          </Space>
        </Flex>
      </Card>
      <Totals totals={totals} />
      <Row gutter={[16, 16]}>
        {board.charts.map((chart) => (
          <Col key={chart.key} xs={24} xl={12}>
            <ChartCard chart={chart.key} title={chart.title} query={query} />
          </Col>
        ))}
      </Row>
    </Flex>
  );
}
