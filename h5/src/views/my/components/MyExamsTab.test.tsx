import type { MyCmsApply } from '@px/api/contract';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import {
  cancelCmsApply,
  downloadCmsTicket,
  listCmsUnits,
  listMyCmsApplies,
  payCmsApply,
  resubmitCmsApply,
} from '../../../api/cms';
import { renderPdfPages } from '../../../components/document-viewer/pdf-pages';
import { muteToast, probedLocation } from '../../../testing/fixtures';
import { fillFields, renderScreen } from '../../../testing/render-screen';
import { MyExamsTab } from './MyExamsTab';

jest.mock('../../../api/cms', () => ({
  listMyCmsApplies: jest.fn(),
  listCmsUnits: jest.fn(),
  resubmitCmsApply: jest.fn(),
  cancelCmsApply: jest.fn(),
  payCmsApply: jest.fn(),
  downloadCmsTicket: jest.fn(),
}));
jest.mock('../../../components/document-viewer/pdf-pages', () => ({ renderPdfPages: jest.fn() }));
jest.mock('../../../utils/image-file', () => ({ cropPassportPhoto: jest.fn() }));

const BASE: MyCmsApply = {
  id: 11,
  batchId: 3,
  batchName: '2026年第四期焊工职业技能等级认定',
  occupation: '焊工',
  skillLevel: 'L4',
  status: 'REJECTED',
  rejectReason: '证件照不清晰',
  realName: '王五',
  idCardNo: '370102********1230',
  mobile: '13900000002',
  education: 'COLLEGE',
  workYears: 5,
  unitId: null,
  unitName: null,
  hasPhoto: true,
  requiredFields: ['photo'],
  fee: 15000,
  unpaidOrderId: null,
  paidAt: null,
  sitting: null,
  ticketNo: null,
  result: null,
  createdAt: '2026-11-20T02:00:00.000Z',
  abilities: {
    canResubmit: true,
    resubmitRefusal: null,
    canPay: false,
    payRefusal: '该报名已驳回，不能缴费',
    canCancel: true,
    cancelRefusal: null,
    canTicket: false,
    ticketRefusal: '准考证尚未发放，请留意考试安排通知',
  },
};
const APPROVED: MyCmsApply = {
  ...BASE,
  id: 12,
  batchName: '2026年第三期安全员考核',
  status: 'APPROVED',
  rejectReason: null,
  abilities: { ...BASE.abilities, canResubmit: false, canPay: true, payRefusal: null },
};
const SEATED: MyCmsApply = {
  ...BASE,
  id: 13,
  batchName: '2026年第二期电工认定',
  status: 'PAID',
  rejectReason: null,
  ticketNo: '3000001012',
  sitting: {
    sittingId: 5,
    room: '第一考场',
    place: '演示培训单位 3 楼',
    startsAt: '2027-01-10T01:00:00.000Z',
    endsAt: '2027-01-10T03:00:00.000Z',
    seatNo: 12,
  },
  abilities: {
    ...BASE.abilities,
    canResubmit: false,
    canCancel: false,
    canTicket: true,
    ticketRefusal: null,
  },
};

const card = async (name: string) => screen.findByRole('listitem', { name: `报名 ${name}` });

let toastSuccess: jest.SpyInstance;
beforeAll(() => {
  URL.createObjectURL = jest.fn(() => 'blob:page');
  URL.revokeObjectURL = jest.fn();
});
beforeEach(() => {
  jest.mocked(listMyCmsApplies).mockReset().mockResolvedValue([BASE, APPROVED, SEATED]);
  jest.mocked(listCmsUnits).mockReset().mockResolvedValue([]);
  jest
    .mocked(resubmitCmsApply)
    .mockReset()
    .mockResolvedValue({ ...BASE, status: 'SUBMITTED' });
  jest.mocked(cancelCmsApply).mockReset();
  jest
    .mocked(payCmsApply)
    .mockReset()
    .mockResolvedValue({ orderId: 41, orderNo: 'CMS1', status: 'UNPAID', amount: 15000, expiresAt: null });
  jest
    .mocked(downloadCmsTicket)
    .mockReset()
    .mockResolvedValue(new Blob(['%PDF']));
  jest
    .mocked(renderPdfPages)
    .mockReset()
    .mockResolvedValue([new Blob(['png'])]);
  toastSuccess = muteToast('success');
});
afterEach(() => toastSuccess.mockRestore());

test('a rejected application shows why and is corrected and submitted again, keeping its photo', async () => {
  renderScreen(<MyExamsTab />, '/my');
  const rejected = await card(BASE.batchName);
  expect(within(rejected).getByText('驳回原因：证件照不清晰')).toBeTruthy();
  expect(within(rejected).queryByRole('button', { name: '去缴费' })).toBeNull();
  fireEvent.click(within(rejected).getByRole('button', { name: '修改后重新提交' }));
  await fillFields({ 工作年限: '6' });
  fireEvent.click(await screen.findByRole('button', { name: '重新提交' }));
  await waitFor(() =>
    expect(resubmitCmsApply).toHaveBeenCalledWith(
      { id: 11, skillLevel: 'L4', education: 'COLLEGE', workYears: 6, workUnitId: undefined },
      null,
    ),
  );
  await waitFor(() => expect(listMyCmsApplies).toHaveBeenCalledTimes(2));
});

test('the seat and the ticket shown in the page; 去缴费 goes to the pay page of the fee order', async () => {
  renderScreen(<MyExamsTab />, '/my');
  const seated = await card(SEATED.batchName);
  expect(within(seated).getByText(/第一考场 · 12号 · 演示培训单位 3 楼/)).toBeTruthy();
  fireEvent.click(within(seated).getByRole('button', { name: '查看准考证' }));
  await waitFor(() => expect(downloadCmsTicket).toHaveBeenCalledWith(13));
  expect(await screen.findByRole('img', { name: /准考证/ })).toBeTruthy();

  const approved = await card(APPROVED.batchName);
  fireEvent.click(within(approved).getByRole('button', { name: '去缴费' }));
  expect(await probedLocation()).toBe('/student/order-pay?id=41');
  expect(payCmsApply).toHaveBeenCalledWith(12);
});
