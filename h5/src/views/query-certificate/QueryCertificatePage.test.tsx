import type { PublicCertificate, SliderCaptcha } from '@px/api/contract';
import { ApiError } from '@px/config';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { checkSliderCaptcha, getSliderCaptcha } from '../../api/captcha';
import { queryCertificate, queryCertificatesById } from '../../api/my-certificate';
import { FIELD_ERROR, fillFields, renderScreen } from '../../testing/render-screen';
import { QueryCertificatePage } from './QueryCertificatePage';

jest.mock('../../api/my-certificate', () => ({
  queryCertificate: jest.fn(),
  queryCertificatesById: jest.fn(),
}));
jest.mock('../../api/captcha', () => ({ getSliderCaptcha: jest.fn(), checkSliderCaptcha: jest.fn() }));

const byCode = jest.mocked(queryCertificate);
const byId = jest.mocked(queryCertificatesById);

const VALID: PublicCertificate = {
  kind: 'CLASS',
  studentName: '张*',
  idCardNo: '370102********1238',
  className: '公需科目综合学习班（上年度）',
  year: 2025,
  publicHours: 1.5,
  specializedHours: 0,
  electiveHours: 0,
  totalHours: 1.5,
  score: null,
  issueDate: '2025-12-31',
  skillName: null,
  skillLevel: null,
  assessDate: null,
  certificateNo: '2025K7Q9M2XH4TZR',
  status: 'VALID',
  issuer: '演示职业培训平台',
};
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
const submit = () => fireEvent.click(screen.getByRole('button', { name: '查询' }));

beforeEach(() => {
  byCode.mockReset().mockResolvedValue(VALID);
  byId
    .mockReset()
    .mockResolvedValue([
      VALID,
      { ...VALID, kind: 'YEAR', certificateNo: '2025YEAR0000YEAR', status: 'DISABLED' },
    ]);
  jest.mocked(getSliderCaptcha).mockReset().mockResolvedValue(PUZZLE);
  jest.mocked(checkSliderCaptcha).mockReset().mockResolvedValue({ verified: true });
});

describe('QueryCertificatePage', () => {
  it('looks up the code of the address at once and shows 有效 with the snapshot', async () => {
    renderScreen(<QueryCertificatePage />, '/query-certificate?code=AB12CD34');
    const result = await screen.findByRole('region', { name: '证书 2025K7Q9M2XH4TZR' });
    expect(byCode).toHaveBeenCalledTimes(1);
    expect(byCode).toHaveBeenCalledWith('AB12CD34');
    expect(within(result).getByRole('status').textContent).toContain('有效');
    for (const text of ['张*', '370102********1238', '公需科目综合学习班（上年度）', '无考试', '2025-12-31'])
      expect(within(result).getByText(text)).toBeTruthy();
    expect(within(result).getByText('发证机构：演示职业培训平台')).toBeTruthy();
    expect((screen.getByLabelText('验证码') as HTMLInputElement).value).toBe('AB12CD34');
  });

  it('says a disabled certificate is 已停用, and an unknown code finds nothing', async () => {
    byCode.mockResolvedValueOnce({ ...VALID, status: 'DISABLED' });
    renderScreen(<QueryCertificatePage />, '/query-certificate');
    expect(byCode).not.toHaveBeenCalled();
    submit();
    expect(await screen.findByText('请输入证书验证码或证书编号', FIELD_ERROR)).toBeTruthy();
    await fillFields({ 验证码: ' ab12cd34 ' });
    submit();
    expect((await screen.findByRole('status')).textContent).toContain('已停用');
    expect(byCode).toHaveBeenCalledWith('ab12cd34');
    byCode.mockRejectedValueOnce(new ApiError({ kind: 'error', code: -1, message: '证书不存在' }));
    submit();
    expect(await screen.findByText('未查询到证书')).toBeTruthy();
    expect(screen.queryByRole('status')).toBeNull();
  });

  it('queries by ID number and name only after the slider, with its token', async () => {
    renderScreen(<QueryCertificatePage />, '/query-certificate');
    fireEvent.click(screen.getByText('身份证查询'));
    await fillFields({ 身份证号: '370102199003071238', 姓名: ' 张三 ' });
    fireEvent.click(screen.getByRole('button', { name: '查询' }));
    const handle = await screen.findByRole('slider', { name: '拖动滑块完成拼图' });
    expect(byId).not.toHaveBeenCalled();
    fireEvent.keyDown(handle, { key: 'ArrowRight' });
    fireEvent.keyDown(handle, { key: 'Enter' });
    await waitFor(() => expect(byId).toHaveBeenCalledWith('370102199003071238', '张三', PUZZLE.token));
    expect(await screen.findByRole('region', { name: '证书 2025YEAR0000YEAR' })).toBeTruthy();
    expect(screen.getAllByRole('status').map((status) => status.textContent?.slice(0, 3))).toEqual([
      '有效该',
      '已停用',
    ]);
  });

  it('refuses an invalid ID number before the slider', async () => {
    renderScreen(<QueryCertificatePage />, '/query-certificate');
    fireEvent.click(screen.getByText('身份证查询'));
    await fillFields({ 身份证号: '370102199003071239', 姓名: '张三' });
    fireEvent.click(screen.getByRole('button', { name: '查询' }));
    expect(await screen.findByText('身份证号格式不正确', FIELD_ERROR)).toBeTruthy();
    expect(getSliderCaptcha).not.toHaveBeenCalled();
  });

  it('shows a skill certificate with its skill, level, assessment and issuing organisation', async () => {
    byCode.mockResolvedValueOnce({
      ...VALID,
      kind: 'SKILL',
      className: '电工 四级/中级工',
      certificateNo: '2026SKILL0000AAA',
      score: 86,
      totalHours: 0,
      skillName: '电工',
      skillLevel: 'L4',
      assessDate: '2026-06-18',
      issuer: '某某职业技能鉴定中心',
    });
    renderScreen(<QueryCertificatePage />, '/query-certificate?code=SK12CD34');
    const result = await screen.findByRole('region', { name: '证书 2026SKILL0000AAA' });
    expect(within(result).getByRole('status').textContent).toContain('有效');
    for (const text of [
      '技能证书',
      '电工',
      '四级/中级工',
      '86 分',
      '2026-06-18',
      '发证机构：某某职业技能鉴定中心',
    ])
      expect(within(result).getByText(text)).toBeTruthy();
    expect(within(result).queryByText('总学时')).toBeNull();
  });
});
