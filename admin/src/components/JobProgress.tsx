import { Col, Progress, type ProgressProps, Row, Statistic } from 'antd';

/** What a background job (an import, a transfer) tells of where it stands. */
export interface JobProgressView {
  /** Ended: DONE (all), PARTIAL (some failed), anything else that ended is a failure. */
  status: string;
  finished: boolean;
  total: number;
  processed: number;
  okCount: number;
  failedCount: number;
}

/** The bar of a job: rows processed of the total; green when all went through, red when it failed. */
function progressOf(view: JobProgressView): Pick<ProgressProps, 'percent' | 'status'> {
  const percent =
    view.total > 0 ? Math.min(100, Math.floor((view.processed / view.total) * 100)) : view.finished ? 100 : 0;
  if (!view.finished) return { percent, status: 'active' };
  if (view.status === 'DONE') return { percent: 100, status: 'success' };
  if (view.status === 'PARTIAL') return { percent: 100, status: 'normal' };
  return { percent, status: 'exception' };
}

/** A job's progress bar (`label` names it to assistive technology) and its counts 总数/已处理/成功/失败. */
export function JobProgress({ view, label }: { view: JobProgressView; label: string }) {
  const counts = [
    { title: '总数', value: view.total },
    { title: '已处理', value: view.processed },
    { title: '成功', value: view.okCount },
    { title: '失败', value: view.failedCount },
  ];
  return (
    <>
      <Progress {...progressOf(view)} aria-label={label} />
      <Row gutter={16} style={{ margin: '16px 0' }}>
        {counts.map((count) => (
          <Col key={count.title} span={6}>
            <Statistic title={count.title} value={count.value} />
          </Col>
        ))}
      </Row>
    </>
  );
}
