import { BarChart, LineChart, PieChart } from 'echarts/charts';
import { GridComponent, LegendComponent, TooltipComponent } from 'echarts/components';
import { type ECharts, type EChartsCoreOption, init, use } from 'echarts/core';
import { CanvasRenderer } from 'echarts/renderers';

use([LineChart, BarChart, PieChart, GridComponent, TooltipComponent, LegendComponent, CanvasRenderer]);

/** A chart in `box` drawing `option` (echarts with only the parts the dashboard draws). */
export function drawChart(box: HTMLElement, option: EChartsCoreOption, existing: ECharts | null): ECharts {
  const chart = existing ?? init(box);
  chart.setOption(option, true);
  return chart;
}
