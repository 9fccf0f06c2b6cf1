import { CartO, QuestionO } from '@react-vant/icons';
import { ActionBar } from 'react-vant';
import type { EnrolActions } from '../use-enrol-actions';

export interface DetailActionBarProps {
  actions: EnrolActions;
  /** Opens 报名须知 of the class. */
  onQuestions: () => void;
  /** Opens 申请报名 (a class marked 报名需审核). */
  onApply: () => void;
}

/**
 * The bottom bar of the class detail: 须知, the cart (signed in), and per state 加入购物车 /
 * 已在购物车 with 立即报名, 已报名 for an enrolled student, or for a class marked 报名需审核 申请报名
 * until the application is approved (审核中 while it waits).
 */
export function DetailActionBar({ actions, onQuestions, onApply }: DetailActionBarProps) {
  const { state, busy } = actions;
  return (
    <ActionBar className="class-detail__bar">
      <ActionBar.Icon icon={<QuestionO />} text="须知" onClick={onQuestions} />
      {state !== 'anonymous' && <ActionBar.Icon icon={<CartO />} text="购物车" onClick={actions.openCart} />}
      {state === 'enrolled' ? (
        <output className="class-detail__enrolled">已报名</output>
      ) : state === 'applied' ? (
        <output className="class-detail__enrolled">报名申请审核中</output>
      ) : state === 'apply' ? (
        <ActionBar.Button type="danger" text="申请报名" loading={busy} onClick={onApply} />
      ) : (
        <>
          {state === 'in-cart' ? (
            <ActionBar.Button type="warning" text="已在购物车" onClick={actions.openCart} />
          ) : (
            <ActionBar.Button type="warning" text="加入购物车" loading={busy} onClick={actions.addToCart} />
          )}
          <ActionBar.Button type="danger" text="立即报名" loading={busy} onClick={actions.enrolNow} />
        </>
      )}
    </ActionBar>
  );
}
