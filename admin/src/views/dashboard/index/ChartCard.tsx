import type { DashboardChart, DashboardTable, DashboardUnit } from '@px/api/contract';
import { Button, Card, Empty, Space, Table, Typography } from 'antd';
import { useEffect, useMemo, useState } from 'react';
import { exportDashboardChart, getDashboardData, getDashboardTop } from '../../../api/dashboard';
import { useExport } from '../../../hooks/useExport';
import { chartOption, formatCell } from './chart-option';
import { EChart } from './EChart';

/** What a chart reads: the project, the period and the buckets of its series. */
export interface ChartQuery {
  projectId: number;
  from?: string;
  to?: string;
  unit: DashboardUnit;
  /** Moves on to load again (刷新, the refresh interval). */
  version: number;
}

/** A chart's table from its call: `dashboard/top` for the tops, `dashboard/data` (group) for the rest. */
async function loadTable(chart: DashboardChart, query: ChartQuery): Promise<DashboardTable> {
  const { projectId, from, to, unit } = query;
  if (chart === 'topClasses' || chart === 'topUnits')
    return getDashboardTop(
      { projectId, from, to, kind: chart === 'topClasses' ? 'classes' : 'units', limit: 10 },
      { quiet: true },
    );
  const data = await getDashboardData({ projectId, from, to, unit, type: 'group', chart }, { quiet: true });
  if (!data.table) throw new Error('no table');
  return data.table;
}

type TableState = { status: 'loading' } | { status: 'ready'; table: DashboardTable } | { status: 'failed' };

/**
 * One chart of the dashboard: its figures drawn by echarts, 查看数据 turning them into the table of
 * the same numbers, and 导出 their `.xlsx`.
 */
export function ChartCard({
  chart,
  title,
  query,
}: {
  chart: DashboardChart;
  title: string;
  query: ChartQuery;
}) {
  const [state, setState] = useState<TableState>({ status: 'loading' });
  const [showTable, setShowTable] = useState(false);
  const { projectId, from, to, unit, version } = query;
  useEffect(() => {
    let live = true;
    loadTable(chart, { projectId, from, to, unit, version }).then(
      (table) => live && setState({ status: 'ready', table }),
      () => live && setState({ status: 'failed' }),
    );
    return () => {
      live = false;
    };
  }, [chart, projectId, from, to, unit, version]);
  const exporter = useExport(
    () => exportDashboardChart({ chart, projectId, from, to, unit }),
    () => `${title}.xlsx`,
  );
  const option = useMemo(() => (state.status === 'ready' ? chartOption(state.table) : null), [state]);
  const table = state.status === 'ready' ? state.table : null;
  const empty = table !== null && table.rows.length === 0;
  return (
    <Card
      title={title}
      size="small"
      data-chart={chart}
      loading={state.status === 'loading'}
      extra={
        <Space size={4}>
          <Button size="small" type="link" onClick={() => setShowTable((shown) => !shown)} disabled={!table}>
            {showTable ? '查看图表' : '查看数据'}
          </Button>
          <Button
            size="small"
            type="link"
            loading={exporter.exporting}
            onClick={exporter.run}
            disabled={!table}
          >
            导出
          </Button>
        </Space>
      }
    >
      {state.status === 'failed' && <Typography.Text type="danger">加载失败，请刷新重试</Typography.Text>}
      {empty && <Empty description="暂无数据" image={Empty.PRESENTED_IMAGE_SIMPLE} />}
      {table && !empty && showTable && (
        <Table
          size="small"
          rowKey={(_row, index) => String(index)}
          pagination={table.rows.length > 10 ? { pageSize: 10, size: 'small' } : false}
          dataSource={table.rows}
          columns={table.columns.map((column) => ({
            key: column.key,
            dataIndex: column.key,
            title: column.title,
            align: column.kind === 'text' ? 'left' : 'right',
            render: (value: string | number | undefined) => formatCell(column, value),
          }))}
        />
      )}
      {table && !empty && !showTable && option && <EChart option={option} label={title} />}
    </Card>
  );
}
