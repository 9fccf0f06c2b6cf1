import type { HomeTodo, HomeTodoItem } from '@px/api/contract';
import { Button, Card, Col, Flex, Row, Statistic, Typography } from 'antd';
import { useCallback, useEffect, useState } from 'react';
import { Link } from 'react-router-dom';
import { getHomeTodo } from '../../../api/home';

/** The URL of an item's list with its filter: `/invoice-manage/refund-list?status=PENDING`. */
export function homeTodoPath(item: Pick<HomeTodoItem, 'page' | 'query'>): string {
  const query = new URLSearchParams(item.query).toString();
  return query ? `${item.page}?${query}` : item.page;
}

type TodoState = { status: 'loading' } | { status: 'ready'; todo: HomeTodo } | { status: 'failed' };

/**
 * 待办事项 on home: the counts `home/todo` answers for the caller (the server decides which), each
 * a link to its list with the filter set; nothing when the caller's role opens none of the lists.
 */
export function HomeTodoCard() {
  const [state, setState] = useState<TodoState>({ status: 'loading' });
  const load = useCallback(() => {
    let current = true;
    getHomeTodo({ quiet: true }).then(
      (todo) => current && setState({ status: 'ready', todo }),
      () => current && setState({ status: 'failed' }),
    );
    return () => {
      current = false;
    };
  }, []);
  useEffect(load, [load]);
  if (state.status === 'ready' && state.todo.items.length === 0) return null;
  const refresh = (
    <Button
      size="small"
      onClick={() => {
        setState({ status: 'loading' });
        load();
      }}
    >
      刷新
    </Button>
  );
  return (
    <Card title="待办事项" extra={refresh} loading={state.status === 'loading'}>
      {state.status === 'failed' && (
        <Typography.Text type="danger">待办事项加载失败，请刷新重试</Typography.Text>
      )}
      {state.status === 'ready' && (
        <Row gutter={[16, 16]}>
          {state.todo.items.map((item) => (
            <Col key={item.key} xs={12} md={8} xl={4}>
              <Link to={homeTodoPath(item)} aria-label={`${item.title} ${item.count}`} data-todo={item.key}>
                <Flex vertical className="home-todo__item">
                  <Statistic
                    title={item.title}
                    value={item.count}
                    valueStyle={item.count > 0 ? { color: '#fa8c16' } : { color: 'rgba(0, 0, 0, 0.35)' }}
                  />
                </Flex>
              </Link>
            </Col>
          ))}
        </Row>
      )}
    </Card>
  );
}
