import type { PublicCmsScore, SliderCaptcha } from '@px/api/contract';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { checkSliderCaptcha, getSliderCaptcha } from '../../api/captcha';
import { getMyCmsScore } from '../../api/cms';
import { FIELD_ERROR, fillFields, renderScreen } from '../../testing/render-screen';
import { CmsScorePage } from './CmsScorePage';

jest.mock('../../api/cms', () => ({ getMyCmsScore: jest.fn() }));
jest.mock('../../api/captcha', () => ({ getSliderCaptcha: jest.fn(), checkSliderCaptcha: jest.fn() }));

const PUZZLE: SliderCaptcha = {
  token: '0b0f3c2e-8d4a-4c1b-9f3e-2a1d5c6b7e80',
  backgroundImage: 'data:image/jpeg;base64,QkE=',
  pieceImage: 'data:image/png;base64,UEk=',
  width: 310,
  height: 155,
  pieceWidth: 47,
  pieceHeight: 47,
  y: 40,
  expiresIn: 300,
};
const SCORE: PublicCmsScore = {
  batchName: '2026年第三期安全员考核',
  occupation: '安全员',
  skillLevel: 'L4',
  realName: '张*',
  ticketNo: '3000001001',
  publishedAt: '2026-11-30T02:00:00.000Z',
  subjects: [
    { name: '安全生产知识', score: 86, absent: false, passMark: 60, fullMark: 100 },
    { name: '实际操作', score: null, absent: true, passMark: 60, fullMark: 100 },
  ],
  passed: false,
  certificateNo: null,
};

beforeEach(() => {
  jest.mocked(getMyCmsScore).mockReset().mockResolvedValue([SCORE]);
  jest.mocked(getSliderCaptcha).mockReset().mockResolvedValue(PUZZLE);
  jest.mocked(checkSliderCaptcha).mockReset().mockResolvedValue({ verified: true });
});

test('asks only after the slider, with its token, and shows each subject and the result', async () => {
  renderScreen(<CmsScorePage />, '/cms-api/get-my-score');
  await fillFields({ 身份证号: '370102199003071238', 姓名: ' 张三 ' });
  fireEvent.click(screen.getByRole('button', { name: '查询' }));
  const handle = await screen.findByRole('slider', { name: '拖动滑块完成拼图' });
  expect(getMyCmsScore).not.toHaveBeenCalled();
  fireEvent.keyDown(handle, { key: 'ArrowRight' });
  fireEvent.keyDown(handle, { key: 'Enter' });
  await waitFor(() => expect(getMyCmsScore).toHaveBeenCalledWith('370102199003071238', '张三', PUZZLE.token));
  const result = await screen.findByRole('region', { name: '成绩 2026年第三期安全员考核' });
  expect(within(result).getByRole('status').textContent).toContain('不合格');
  expect(within(result).getByText('86')).toBeTruthy();
  expect(within(result).getByText('缺考')).toBeTruthy();
  expect(within(result).getByText('考生：张* · 准考证号 3000001001')).toBeTruthy();
});

test('an invalid ID number is refused before the slider; nothing published reads as not found', async () => {
  jest.mocked(getMyCmsScore).mockResolvedValue([]);
  renderScreen(<CmsScorePage />, '/cms-api/get-my-score');
  await fillFields({ 身份证号: '370102199003071239', 姓名: '张三' });
  fireEvent.click(screen.getByRole('button', { name: '查询' }));
  expect(await screen.findByText('身份证号格式不正确', FIELD_ERROR)).toBeTruthy();
  expect(getSliderCaptcha).not.toHaveBeenCalled();
  await fillFields({ 身份证号: '370102199003071238' });
  fireEvent.click(screen.getByRole('button', { name: '查询' }));
  const handle = await screen.findByRole('slider', { name: '拖动滑块完成拼图' });
  fireEvent.keyDown(handle, { key: 'Enter' });
  expect(await screen.findByText('未查询到已发布的成绩，请核对身份证号和姓名')).toBeTruthy();
});
