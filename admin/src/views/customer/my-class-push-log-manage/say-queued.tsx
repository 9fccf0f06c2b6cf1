import type { PushQueued } from '@px/api/contract';
import { Modal, message } from 'antd';

/** What a push request came to, said once: how many went out and why the others did not. */
export function sayQueued(answer: PushQueued, what: string): void {
  if (answer.refused.length === 0) {
    void message.success(`已提交上报 ${answer.queued} ${what}`);
    return;
  }
  Modal.info({
    title: `已提交上报 ${answer.queued} ${what}，${answer.refused.length} 条未提交`,
    content: (
      <ul style={{ paddingLeft: 18, margin: 0 }}>
        {answer.refused.slice(0, 20).map((refusal) => (
          <li key={refusal.id}>{refusal.reason}</li>
        ))}
      </ul>
    ),
    okText: '知道了',
  });
}
