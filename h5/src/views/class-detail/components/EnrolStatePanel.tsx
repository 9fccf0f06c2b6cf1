import { NoticeBar } from 'react-vant';
import type { EnrolState } from '../use-enrol-actions';

const STATE_TEXT: Readonly<Record<EnrolState, string>> = {
  anonymous: '登录后即可报名该班级',
  open: '您尚未报名该班级，加入购物车或立即报名即可开始学习',
  'in-cart': '该班级已在您的购物车中，结算后即可学习',
  enrolled: '您已报名该班级',
  apply: '该班级报名需审核，请先提交报名申请',
  applied: '报名申请已提交，请等待审核',
};

/** The student's enrolment state as a bar above the class (the detail variant that shows it first). */
export function EnrolStatePanel({ state }: { state: EnrolState }) {
  return (
    <NoticeBar
      className="class-detail__state"
      wrapable
      scrollable={false}
      text={`报名状态：${STATE_TEXT[state]}`}
    />
  );
}
