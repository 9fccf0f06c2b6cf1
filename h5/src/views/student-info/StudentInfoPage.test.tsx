import { fireEvent, screen, waitFor } from '@testing-library/react';
import { completeInfo, getNeedComplete } from '../../api/account';
import { muteToast } from '../../testing/fixtures';
import { buildFieldsError, FIELD_ERROR, fillFields, renderScreen } from '../../testing/render-screen';
import { INFO_DONE_MESSAGE, StudentInfoPage } from './StudentInfoPage';

jest.mock('../../api/account', () => ({ getNeedComplete: jest.fn(), completeInfo: jest.fn() }));

const need = jest.mocked(getNeedComplete);
const complete = jest.mocked(completeInfo);
const FROM_STUDY = '/student/info?redirect=/student/study-page%3FmyClassId%3D41';
const location = async () => (await screen.findByTestId('location')).textContent;

let toastSuccess: jest.SpyInstance;
beforeEach(() => {
  need.mockReset().mockResolvedValue({ needComplete: true, missing: ['idCardNo', 'mobile'] });
  complete.mockReset().mockResolvedValue({ needComplete: false, missing: [] });
  toastSuccess = muteToast('success');
});
afterEach(() => toastSuccess.mockRestore());

describe('StudentInfoPage', () => {
  it('asks only for the missing fields, saves them and goes back to the study page', async () => {
    renderScreen(<StudentInfoPage />, FROM_STUDY);
    expect(await screen.findByRole('heading', { name: '完善个人信息' })).toBeTruthy();
    expect(screen.queryByLabelText('姓名')).toBeNull();
    await fillFields({ 身份证号: '37010219900307106x', 手机号: '13900001111' });
    fireEvent.click(screen.getByRole('button', { name: '保存并继续' }));
    expect(await location()).toBe('/student/study-page?myClassId=41');
    expect(complete).toHaveBeenCalledWith({ idCardNo: '37010219900307106X', mobile: '13900001111' });
    expect(toastSuccess).toHaveBeenCalledWith(INFO_DONE_MESSAGE);
  });

  it('checks the fields before sending, and shows the server’s refusal on its field', async () => {
    renderScreen(<StudentInfoPage />, FROM_STUDY);
    await fillFields({ 身份证号: '123', 手机号: '139' });
    fireEvent.click(screen.getByRole('button', { name: '保存并继续' }));
    expect(await screen.findByText('身份证号格式不正确', { ...FIELD_ERROR, exact: false })).toBeTruthy();
    expect(complete).not.toHaveBeenCalled();

    complete.mockRejectedValueOnce(
      buildFieldsError([{ field: 'mobile', message: '该手机号已被其他账号使用' }]),
    );
    await fillFields({ 身份证号: '370102199003075116', 手机号: '13900001111' });
    fireEvent.click(screen.getByRole('button', { name: '保存并继续' }));
    expect(await screen.findByText('该手机号已被其他账号使用', FIELD_ERROR)).toBeTruthy();
    await waitFor(() => expect(complete).toHaveBeenCalledTimes(1));
    expect(screen.queryByTestId('location')).toBeNull();
  });

  it('asks for a confirmation when staff require one with nothing missing', async () => {
    need.mockResolvedValue({ needComplete: true, missing: [] });
    renderScreen(<StudentInfoPage />, '/student/info');
    fireEvent.click(await screen.findByRole('button', { name: '确认并继续' }));
    expect(await location()).toBe('/my?tab=classes');
    expect(complete).toHaveBeenCalledWith({});
  });

  it('goes straight on when nothing is required, and never to another site', async () => {
    need.mockResolvedValue({ needComplete: false, missing: [] });
    renderScreen(<StudentInfoPage />, '/student/info?redirect=//evil.example.com');
    expect(await location()).toBe('/my?tab=classes');
    expect(complete).not.toHaveBeenCalled();
  });
});
