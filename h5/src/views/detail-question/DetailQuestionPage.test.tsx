import { ApiError } from '@px/config';
import { buildSystemInfo } from '@px/test/jest/system-info';
import { screen } from '@testing-library/react';
import { getSystemInfo } from '../../api/project';
import { findClassDetail } from '../../api/train-class';
import { buildClassDetail } from '../../components/cart/cart.testing';
import { setTokenCookie } from '../../testing/fixtures';
import { renderScreen } from '../../testing/render-screen';
import { DetailQuestionPage } from './DetailQuestionPage';

jest.mock('../../api/project', () => ({ getSystemInfo: jest.fn() }));
jest.mock('../../api/train-class', () => ({ findClassDetail: jest.fn() }));

const detail = jest.mocked(findClassDetail);

function renderQuestions(search = '?id=5') {
  return renderScreen(<DetailQuestionPage />, `/detail-question${search}`);
}

/** The text of the entry titled `title`. */
async function entryText(title: string): Promise<string | null | undefined> {
  const heading = await screen.findByRole('heading', { name: title });
  return heading.nextElementSibling?.textContent;
}

beforeEach(() => {
  jest.mocked(getSystemInfo).mockReset().mockResolvedValue(buildSystemInfo());
  detail.mockReset().mockResolvedValue(buildClassDetail({ inCart: false, enrolled: false }));
  setTokenCookie('tok');
});

describe('DetailQuestionPage', () => {
  it('says what the default settings and the class define', async () => {
    renderQuestions();
    expect(await screen.findByText('2025 年安全员继续教育班')).toBeTruthy();
    expect(detail).toHaveBeenCalledWith(5, undefined);
    expect(await entryText('学习方式')).toBe('班级套餐：报名后学习班级内的全部课程（必修 12.0 学时）。');
    expect(await entryText('考试要求')).toBe('学完必修学时后须参加考试，80 分及格，考试通过即完成该班级。');
    expect(await entryText('学习时间')).toContain('2025-02-01 至 2026-01-31');
    expect(await entryText('退款规则')).toBe(
      '付款后 7 天内、学习进度不超过 20% 时可申请退款，每个订单最多申请 1 次；已发放证书的班级不能退款。',
    );
    expect(await entryText('换班规则')).toBe('暂不支持换班。');
    expect(screen.queryByRole('heading', { name: '支付说明' })).toBeNull();
    expect(screen.queryByText('联系客服')).toBeNull();
  });

  it('follows free selection, refunds off, class changes on, the pay tip and the service number', async () => {
    jest.mocked(getSystemInfo).mockResolvedValue(
      buildSystemInfo({
        studyModel: 2,
        studentRefund: 0,
        openChangeClass: 1,
        openChangeClassDays: 10,
        openChangeClassProcess: 30,
        openChangeClassSameAmount: 1,
        payTip: '请在 30 分钟内完成支付',
        customerPhone: '400-800-1234',
      }),
    );
    detail.mockResolvedValue(buildClassDetail({ examRequired: false, studyInOrder: true }));
    renderQuestions();
    expect(await entryText('学习方式')).toBe(
      '自由选课：须学完全部必修课程（12.0 学时），并在选修课程中自由选学，修满 4.0 学时。课时须按顺序学习。',
    );
    expect(await entryText('考试要求')).toBe('本班级无需考试，学完必修学时即完成该班级。');
    expect(await entryText('退款规则')).toBe('本平台不支持学员自行申请退款，如有疑问请联系客服。');
    expect(await entryText('换班规则')).toBe(
      '付款后 10 天内、学习进度不超过 30% 时可申请换班，且只能换到价格相同的班级，由工作人员审核。',
    );
    expect(await entryText('支付说明')).toBe('请在 30 分钟内完成支付');
    expect(screen.getByRole('link', { name: '400-800-1234' }).getAttribute('href')).toBe('tel:400-800-1234');
  });

  it('leaves the elective hours out when the project hides electives', async () => {
    jest.mocked(getSystemInfo).mockResolvedValue(buildSystemInfo({ studyModel: 2, hideElective: 1 }));
    renderQuestions();
    expect(await entryText('学习方式')).toBe('自由选课：须学完全部必修课程（12.0 学时）。');
  });

  it('says when the class does not exist or is withdrawn', async () => {
    detail.mockRejectedValue(new ApiError({ kind: 'error', code: -1, message: '班级不存在或已下架' }));
    renderQuestions();
    expect(await screen.findByText('班级不存在或已下架')).toBeTruthy();
    expect(screen.getByRole('button', { name: '返回选课中心' })).toBeTruthy();
  });
});
