import type { DashboardColumn, DashboardTable } from '@px/api/contract';
import type { EChartsCoreOption } from 'echarts/core';

/** A cell as the table shows it: money in yuan, percent with its sign, counts and hours as they are. */
export function formatCell(
  column: Pick<DashboardColumn, 'kind'>,
  value: string | number | undefined,
): string {
  if (value === undefined) return '';
  if (typeof value === 'string') return value;
  if (column.kind === 'fen') return `¥${(value / 100).toFixed(2)}`;
  if (column.kind === 'percent') return `${value}%`;
  return String(value);
}

/** A number as the chart plots it (yuan for money). */
const plotted = (column: DashboardColumn, value: string | number | undefined) =>
  typeof value === 'number' ? (column.kind === 'fen' ? value / 100 : value) : 0;

const seriesName = (column: DashboardColumn) =>
  column.kind === 'fen' ? `${column.title}（元）` : column.title;

/** How each chart is drawn. */
const SHAPE: Record<DashboardTable['chart'], 'line' | 'bar' | 'hbar' | 'pie'> = {
  enrolments: 'line',
  revenue: 'line',
  study: 'bar',
  channels: 'pie',
  regions: 'pie',
  active: 'bar',
  classRates: 'hbar',
  topClasses: 'hbar',
  topUnits: 'hbar',
  waiting: 'bar',
  pushes: 'bar',
};

/**
 * The echarts option of a chart's table: its first column names the points (days, channels,
 * classes…), the others are series (class rates plot only their percentages).
 */
export function chartOption(table: DashboardTable): EChartsCoreOption {
  const [nameColumn, ...rest] = table.columns;
  const values = table.chart === 'classRates' ? rest.filter((column) => column.kind === 'percent') : rest;
  const names = table.rows.map((row) => String(row[nameColumn?.key ?? ''] ?? ''));
  const shape = SHAPE[table.chart];
  if (shape === 'pie') {
    const [column] = values;
    return {
      tooltip: { trigger: 'item' },
      legend: { type: 'scroll', bottom: 0 },
      series: [
        {
          type: 'pie',
          radius: ['35%', '65%'],
          data: column
            ? table.rows.map((row, index) => ({
                name: names[index],
                value: plotted(column, row[column.key]),
              }))
            : [],
        },
      ],
    };
  }
  const categories = { type: 'category', data: shape === 'hbar' ? [...names].reverse() : names };
  const amounts = { type: 'value' };
  return {
    tooltip: { trigger: 'axis' },
    legend: values.length > 1 ? { top: 0 } : undefined,
    grid: { left: 8, right: 16, top: values.length > 1 ? 32 : 16, bottom: 8, containLabel: true },
    xAxis: shape === 'hbar' ? amounts : categories,
    yAxis: shape === 'hbar' ? categories : amounts,
    series: values.map((column) => {
      const data = table.rows.map((row) => plotted(column, row[column.key]));
      return {
        name: seriesName(column),
        type: shape === 'line' ? 'line' : 'bar',
        smooth: false,
        data: shape === 'hbar' ? data.reverse() : data,
      };
    }),
  };
}
