import type { EChartsCoreOption } from 'echarts/core';
import { useEffect, useRef, useState } from 'react';

/** echarts with the parts the dashboard draws, loaded once, on the first chart shown. */
let loading: Promise<typeof import('./echarts-setup')> | null = null;
const loadEcharts = () => {
  loading ??= import('./echarts-setup');
  return loading;
};

/**
 * One echarts chart of `option`, sized to its box and redrawn when the option changes. echarts is
 * imported here lazily, so it reaches the browser only with the dashboard (no other page's bundle
 * holds it).
 */
export function EChart({
  option,
  height = 280,
  label,
}: {
  option: EChartsCoreOption;
  height?: number;
  label: string;
}) {
  const box = useRef<HTMLDivElement>(null);
  const chart = useRef<import('echarts/core').ECharts | null>(null);
  const [failed, setFailed] = useState(false);

  useEffect(() => {
    let live = true;
    loadEcharts().then(
      ({ drawChart }) => {
        if (!live || !box.current) return;
        chart.current = drawChart(box.current, option, chart.current);
      },
      () => live && setFailed(true),
    );
    return () => {
      live = false;
    };
  }, [option]);

  useEffect(() => {
    const resize = () => chart.current?.resize();
    window.addEventListener('resize', resize);
    return () => {
      window.removeEventListener('resize', resize);
      chart.current?.dispose();
      chart.current = null;
    };
  }, []);

  if (failed) return <div role="alert">图表加载失败，请刷新页面</div>;
  return <div ref={box} role="img" aria-label={label} style={{ width: '100%', height }} />;
}
