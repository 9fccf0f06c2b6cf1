import { Card, Col, Row, Statistic } from 'antd';
import { Link } from 'react-router-dom';
import type { HomeStat } from '../hooks/useHomeStats';

/** The counts the account may see, each linking to the screen it comes from. */
export function HomeStats({ stats }: { stats: HomeStat[] }) {
  if (stats.length === 0) return null;
  return (
    <Row gutter={[16, 16]}>
      {stats.map((stat) => (
        <Col key={stat.key} xs={24} sm={12} lg={6}>
          <Card size="small" extra={<Link to={stat.path}>查看</Link>} title={stat.title}>
            <Statistic
              value={stat.status === 'ready' ? stat.value : '—'}
              loading={stat.status === 'loading'}
              suffix={stat.status === 'ready' ? '个' : undefined}
            />
          </Card>
        </Col>
      ))}
    </Row>
  );
}
