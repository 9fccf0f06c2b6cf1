import { buildSystemInfo } from '@px/test/jest/system-info';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { forgetPassword, sendForgetMsgCode } from '../../api/forget';
import { getSystemInfo } from '../../api/project';
import type * as FakeEncryption from '../../testing/fake-encryption';
import { muteToast } from '../../testing/fixtures';
import { buildFieldsError, FIELD_ERROR, fillFields, renderScreen } from '../../testing/render-screen';
import { RESET_DONE_MESSAGE, ResetPasswordPage } from './ResetPasswordPage';

jest.mock('../../api/project', () => ({ getSystemInfo: jest.fn() }));
jest.mock('../../api/forget', () => ({ forgetPassword: jest.fn(), sendForgetMsgCode: jest.fn() }));
jest.mock('@px/config', () =>
  jest.requireActual<typeof FakeEncryption>('../../testing/fake-encryption').configWithFakeEncryption(),
);

const reset = jest.mocked(forgetPassword);
const sendCode = jest.mocked(sendForgetMsgCode);

const submit = () => fireEvent.click(screen.getByRole('button', { name: '重置密码' }));

let toastSuccess: jest.SpyInstance;
beforeEach(() => {
  jest
    .mocked(getSystemInfo)
    .mockReset()
    .mockResolvedValue(buildSystemInfo({ loginPublicKey: 'PEM' }));
  reset.mockReset().mockResolvedValue(undefined);
  sendCode.mockReset().mockResolvedValue({ resendSeconds: 60 });
  toastSuccess = muteToast('success');
});
afterEach(() => toastSuccess.mockRestore());

describe('ResetPasswordPage', () => {
  it('sends the reset code, sets the new password and returns to /login with a toast', async () => {
    renderScreen(<ResetPasswordPage />, '/reset-pwd');
    await fillFields({ 手机号: '13800000000' });
    fireEvent.click(screen.getByRole('button', { name: '获取验证码' }));
    expect(await screen.findByRole('button', { name: '60秒后重新获取' })).toBeTruthy();
    expect(sendCode).toHaveBeenCalledWith({ mobile: '13800000000' });

    await fillFields({ 验证码: '135790', 新密码: 'Newpass1', 确认密码: 'Newpass1' });
    submit();
    expect((await screen.findByTestId('location')).textContent).toBe('/login');
    expect(reset).toHaveBeenCalledWith({
      mobile: '13800000000',
      msgCode: '135790',
      password: 'enc[PEM](Newpass1)',
    });
    expect(toastSuccess).toHaveBeenCalledWith(RESET_DONE_MESSAGE);
  });

  it('checks the new password twice and its rule', async () => {
    renderScreen(<ResetPasswordPage />, '/reset-pwd');
    await fillFields({ 手机号: '13800000000', 验证码: '135790', 新密码: 'short', 确认密码: 'shorter' });
    submit();
    expect(
      await screen.findByText('密码须以字母开头，6-19位字母、数字或下划线，且至少包含一个数字', FIELD_ERROR),
    ).toBeTruthy();
    expect(screen.getByText('两次输入的密码不一致', FIELD_ERROR)).toBeTruthy();
    expect(reset).not.toHaveBeenCalled();
  });

  it('shows the server refusal on its field and stays', async () => {
    reset.mockRejectedValueOnce(buildFieldsError([{ field: 'msgCode', message: '验证码错误或已过期' }]));
    renderScreen(<ResetPasswordPage />, '/reset-pwd');
    await fillFields({ 手机号: '13800000000', 验证码: '135790', 新密码: 'Newpass1', 确认密码: 'Newpass1' });
    submit();
    expect(await screen.findByText('验证码错误或已过期', FIELD_ERROR)).toBeTruthy();
    await waitFor(() => expect(reset).toHaveBeenCalledTimes(1));
    expect(screen.queryByTestId('location')).toBeNull();
    expect(toastSuccess).not.toHaveBeenCalled();
  });
});
