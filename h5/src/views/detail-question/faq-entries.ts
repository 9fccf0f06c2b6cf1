import type { ClassCenterDetail, SystemInfo } from '@px/api/contract';
import { formatDateRange, STUDY_MODEL } from '@px/config';
import { formatHours } from '../../utils/class-format';

/** One entry of 报名须知 / 常见问题: a question-like title and what the rules say. */
export interface FaqEntry {
  title: string;
  text: string;
}

type FaqClass = Pick<
  ClassCenterDetail,
  | 'requiredHours'
  | 'electiveHours'
  | 'studyInOrder'
  | 'examRequired'
  | 'examPassScore'
  | 'studyStartDate'
  | 'studyEndDate'
  | 'enrolEndDate'
>;

type FaqSettings = Pick<
  SystemInfo,
  | 'studyModel'
  | 'hideElective'
  | 'studentRefund'
  | 'refundOrderDays'
  | 'refundClassProcess'
  | 'refundOrderTimes'
  | 'openChangeClass'
  | 'openChangeClassSameAmount'
  | 'openChangeClassProcess'
  | 'openChangeClassDays'
  | 'payTip'
>;

/** How the class is studied (`studyModel`), with the hours to earn. */
function studyModelText(detail: FaqClass, settings: FaqSettings): string {
  const required = formatHours(detail.requiredHours);
  const order = detail.studyInOrder ? '课时须按顺序学习。' : '';
  if (settings.studyModel === STUDY_MODEL.FREE_SELECTION) {
    const elective =
      settings.hideElective === 1 || detail.electiveHours === 0
        ? ''
        : `，并在选修课程中自由选学，修满 ${formatHours(detail.electiveHours)}`;
    return `自由选课：须学完全部必修课程（${required}）${elective}。${order}`;
  }
  return `班级套餐：报名后学习班级内的全部课程（必修 ${required}）。${order}`;
}

/** Whether and how a student may ask for a refund (`studentRefund`, `refund*`). */
function refundText(settings: FaqSettings): string {
  if (settings.studentRefund !== 1) return '本平台不支持学员自行申请退款，如有疑问请联系客服。';
  return (
    `付款后 ${settings.refundOrderDays} 天内、学习进度不超过 ${settings.refundClassProcess}% 时可申请退款，` +
    `每个订单最多申请 ${settings.refundOrderTimes} 次；已发放证书的班级不能退款。`
  );
}

/** Whether and how a student may change to another class (`openChangeClass*`). */
function changeClassText(settings: FaqSettings): string {
  if (settings.openChangeClass !== 1) return '暂不支持换班。';
  const sameAmount = settings.openChangeClassSameAmount === 1 ? '，且只能换到价格相同的班级' : '';
  return `付款后 ${settings.openChangeClassDays} 天内、学习进度不超过 ${settings.openChangeClassProcess}% 时可申请换班${sameAmount}，由工作人员审核。`;
}

/**
 * 报名须知 of a class as the project's settings and the class define them: study model, exam,
 * study window, refunds, changing class and the payment note (when the project has one).
 */
export function faqEntries(detail: FaqClass, settings: FaqSettings): FaqEntry[] {
  const entries: FaqEntry[] = [
    { title: '学习方式', text: studyModelText(detail, settings) },
    {
      title: '考试要求',
      text: detail.examRequired
        ? `学完必修学时后须参加考试，${detail.examPassScore} 分及格，考试通过即完成该班级。`
        : '本班级无需考试，学完必修学时即完成该班级。',
    },
    {
      title: '学习时间',
      text: `学习时间为 ${formatDateRange(detail.studyStartDate, detail.studyEndDate)}，报名截止日期为 ${detail.enrolEndDate}，请在学习时间内完成学习。`,
    },
    { title: '退款规则', text: refundText(settings) },
    { title: '换班规则', text: changeClassText(settings) },
  ];
  if (settings.payTip) entries.push({ title: '支付说明', text: settings.payTip });
  return entries;
}
