import type { MyCmsApply, OpenCmsBatch } from '@px/api/contract';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { listCmsUnits, listOpenBatches, sendCmsApplyCode, submitCmsApply } from '../../api/cms';
import { tokenAtom } from '../../store/session';
import { muteToast, probedLocation, setTokenCookie } from '../../testing/fixtures';
import { FIELD_ERROR, fillFields, renderScreen } from '../../testing/render-screen';
import { cropPassportPhoto } from '../../utils/image-file';
import { RegisterCmsPage } from './RegisterCmsPage';

jest.mock('../../api/cms', () => ({
  listOpenBatches: jest.fn(),
  listCmsUnits: jest.fn(),
  sendCmsApplyCode: jest.fn(),
  submitCmsApply: jest.fn(),
}));
jest.mock('../../utils/image-file', () => ({ cropPassportPhoto: jest.fn() }));

const BATCH: OpenCmsBatch = {
  id: 3,
  name: '2026年第四期焊工职业技能等级认定',
  occupation: '焊工',
  levels: ['L5', 'L4'],
  fee: 15000,
  applyFrom: '2026-11-01',
  applyTo: '2026-12-31',
  requiredFields: ['education', 'photo'],
  notice: '请携带身份证原件参加考试',
  subjects: [{ name: '理论知识' }, { name: '操作技能' }],
  placesLeft: 96,
};
const CROPPED = new Blob(['jpeg'], { type: 'image/jpeg' });

const submit = () => fireEvent.click(screen.getByRole('button', { name: '提交报名' }));

let toastSuccess: jest.SpyInstance;
beforeAll(() => {
  // jsdom has no object URLs: the photo's preview gets a name of its own.
  URL.createObjectURL = jest.fn(() => 'blob:photo');
  URL.revokeObjectURL = jest.fn();
});
beforeEach(() => {
  jest.mocked(listOpenBatches).mockReset().mockResolvedValue([BATCH]);
  jest
    .mocked(listCmsUnits)
    .mockReset()
    .mockResolvedValue([{ id: 7, name: '演示培训单位' }]);
  jest.mocked(sendCmsApplyCode).mockReset().mockResolvedValue({ resendSeconds: 60 });
  jest
    .mocked(submitCmsApply)
    .mockReset()
    .mockResolvedValue({
      apply: { id: 11 } as MyCmsApply,
      session: { tokenCode: 'candidate', roleSystem: 3 },
    });
  jest.mocked(cropPassportPhoto).mockReset().mockResolvedValue(CROPPED);
  toastSuccess = muteToast('success');
  setTokenCookie(undefined);
});
afterEach(() => toastSuccess.mockRestore());

test('the open batch with its fee; the required fields are asked before anything is sent', async () => {
  renderScreen(<RegisterCmsPage />, '/registerCms');
  expect(await screen.findByText('报名费：¥150.00')).toBeTruthy();
  expect(screen.getByText('请携带身份证原件参加考试')).toBeTruthy();
  submit();
  for (const message of ['请输入姓名', '请选择报考等级', '请选择文化程度', '请上传证件照'])
    expect(await screen.findByText(message, FIELD_ERROR)).toBeTruthy();
  expect(submitCmsApply).not.toHaveBeenCalled();
});

test('a signed-out candidate registers with the SMS code and the cropped photo, and is signed in', async () => {
  const { store } = renderScreen(<RegisterCmsPage />, '/registerCms');
  await fillFields({
    姓名: ' 王五 ',
    身份证号: '11010519491231002x',
    手机号: '13900000002',
    验证码: '246810',
    报考等级: 'L4',
    文化程度: 'COLLEGE',
    工作年限: '5',
  });
  await waitFor(() => expect(screen.getByRole('option', { name: '演示培训单位' })).toBeTruthy());
  await fillFields({ 工作单位: '7' });
  const photo = new File(['raw'], 'me.png', { type: 'image/png' });
  fireEvent.change(screen.getByLabelText('上传证件照'), { target: { files: [photo] } });
  await waitFor(() => expect(cropPassportPhoto).toHaveBeenCalledWith(photo));
  expect(await screen.findByAltText('证件照预览')).toBeTruthy();
  submit();
  expect(await probedLocation()).toBe('/my?tab=exams');
  expect(submitCmsApply).toHaveBeenCalledWith(
    {
      batchId: 3,
      realName: '王五',
      idCardNo: '11010519491231002X',
      mobile: '13900000002',
      msgCode: '246810',
      skillLevel: 'L4',
      education: 'COLLEGE',
      workYears: 5,
      workUnitId: 7,
    },
    CROPPED,
  );
  expect(store.get(tokenAtom)).toBe('candidate');
});

test('no open batch says so', async () => {
  jest.mocked(listOpenBatches).mockResolvedValue([]);
  renderScreen(<RegisterCmsPage />, '/registerCms');
  expect(await screen.findByText('当前没有正在报名的考试')).toBeTruthy();
});
