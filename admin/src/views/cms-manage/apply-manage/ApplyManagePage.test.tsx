import { VOCATION_MESSAGES } from '@px/api/contract';
import { configure, fireEvent, screen, waitFor, within } from '@testing-library/react';
import {
  approveCmsApply,
  batchApproveCmsApplies,
  getCmsApply,
  getCmsBatchOptions,
  listCmsApplies,
  listCmsBatches,
  rejectCmsApply,
  saveCmsBatch,
} from '../../../api/cms';
import { buildFieldsError } from '../../../testing/field-errors';
import { buildAccountInfo } from '../../../testing/render-app';
import { ignorePseudoElementStyles, renderScreen } from '../../../testing/render-screen';
import { APPLY_ROW, BATCH_OPTION, BATCH_ROW, page, REJECTED_ROW } from '../cms-fixtures';
import { button, dialogOf } from '../test-helpers';
import { ApplyManagePage } from './ApplyManagePage';

// 职业（工种）is picked from the platform's vocational resource tree.
jest.mock('../../../api/vocation', () => ({
  vocationalResourceTree: jest.fn(async () => [
    {
      code: '6',
      name: '生产制造及有关人员',
      level: 1,
      children: [
        {
          code: '6-18-02-04',
          name: '焊工',
          level: 2,
          children: [{ code: '6-18-02-04-01', name: '电焊工', level: 3, children: [] }],
        },
        { code: '6-31-01-03', name: '电工', level: 2, children: [] },
      ],
    },
  ]),
}));
jest.mock('../../../api/cms', () => ({
  listCmsApplies: jest.fn(),
  listCmsBatches: jest.fn(),
  getCmsBatchOptions: jest.fn(),
  getCmsApply: jest.fn(),
  fetchCmsApplyPhoto: jest.fn(() => new Promise(() => undefined)),
  approveCmsApply: jest.fn(),
  rejectCmsApply: jest.fn(),
  batchApproveCmsApplies: jest.fn(),
  exportCmsApplies: jest.fn(),
  saveCmsBatch: jest.fn(),
  deleteCmsBatch: jest.fn(),
}));

configure({ defaultHidden: true });
ignorePseudoElementStyles();

/** Picks the first 职业（工种）of the tree matching `search` (name or code) in the batch form. */
async function pickVocation(search: string) {
  const field = document.querySelector('#cms-batch_occupationCode') as HTMLInputElement;
  fireEvent.mouseDown(field);
  fireEvent.change(field, { target: { value: search } });
  const [first] = await screen.findAllByText(
    (content) => content.includes(search) && /（[\d-]+）$/.test(content),
    { selector: '.ant-select-tree-title' },
  );
  fireEvent.click(first as HTMLElement);
}

const STAFF = buildAccountInfo(['/home', '/cms-manage/apply-manage']);

beforeEach(() => {
  jest
    .mocked(listCmsApplies)
    .mockReset()
    .mockResolvedValue(page([APPLY_ROW, REJECTED_ROW]));
  jest
    .mocked(listCmsBatches)
    .mockReset()
    .mockResolvedValue(page([BATCH_ROW]));
  jest.mocked(getCmsBatchOptions).mockReset().mockResolvedValue([BATCH_OPTION]);
  jest
    .mocked(approveCmsApply)
    .mockReset()
    .mockResolvedValue({ ...APPLY_ROW, status: 'APPROVED' });
  jest
    .mocked(rejectCmsApply)
    .mockReset()
    .mockResolvedValue({ ...APPLY_ROW, status: 'REJECTED' });
  jest.mocked(batchApproveCmsApplies).mockReset().mockResolvedValue({ approved: 1, refused: [] });
  jest.mocked(saveCmsBatch).mockReset().mockResolvedValue(BATCH_ROW);
  jest.mocked(getCmsApply).mockReset();
});

test('通过 and 驳回 follow each row’s abilities; 驳回 asks for the reason the candidate reads', async () => {
  renderScreen(<ApplyManagePage />, STAFF, '/cms-manage/apply-manage');
  const row = (await screen.findByText('王五')).closest('tr') as HTMLElement;
  const rejected = screen.getByText('赵六').closest('tr') as HTMLElement;
  expect(within(rejected).getByText('证件照不清晰')).toBeTruthy();
  expect(within(rejected).queryByText('通过')).toBeNull();
  fireEvent.click(button(row, '通过'));
  await waitFor(() => expect(approveCmsApply).toHaveBeenCalledWith(11));
  await waitFor(() => expect(listCmsApplies).toHaveBeenCalledTimes(2));

  fireEvent.click(button(row, '驳回'));
  const dialog = await dialogOf('#cms-reject_reason');
  fireEvent.click(button(dialog, '驳回'));
  expect(await within(dialog).findByText('请填写驳回原因')).toBeTruthy();
  expect(rejectCmsApply).not.toHaveBeenCalled();
  fireEvent.change(document.querySelector('#cms-reject_reason') as HTMLTextAreaElement, {
    target: { value: '工作年限不足' },
  });
  fireEvent.click(button(dialog, '驳回'));
  await waitFor(() => expect(rejectCmsApply).toHaveBeenCalledWith(11, '工作年限不足'));
});

test('批量通过 sends the ticked applications and says why others were refused', async () => {
  jest.mocked(batchApproveCmsApplies).mockResolvedValue({
    approved: 1,
    refused: [{ id: 12, realName: '赵六', reason: '该报名已驳回，不能审核' }],
  });
  renderScreen(<ApplyManagePage />, STAFF, '/cms-manage/apply-manage');
  await screen.findByText('王五');
  const bulk = button(document.body, '批量通过');
  expect(bulk.disabled).toBe(true);
  for (const name of ['王五', '赵六'])
    fireEvent.click(
      (screen.getByText(name).closest('tr') as HTMLElement).querySelector(
        'input[type="checkbox"]',
      ) as HTMLElement,
    );
  fireEvent.click(button(document.body, '批量通过（2）'));
  await waitFor(() => expect(batchApproveCmsApplies).toHaveBeenCalledWith([11, 12]));
  expect(await screen.findByText('赵六：该报名已驳回，不能审核')).toBeTruthy();
});

test('详情 shows the full ID number and the history', async () => {
  jest.mocked(getCmsApply).mockResolvedValue({
    ...APPLY_ROW,
    fullIdCardNo: '370102199001011230',
    accountId: 9,
    sitting: null,
    orders: [],
    logs: [
      {
        fromStatus: null,
        toStatus: 'SUBMITTED',
        actorName: '王五',
        reason: null,
        createdAt: APPLY_ROW.createdAt,
      },
    ],
  });
  renderScreen(<ApplyManagePage />, STAFF, '/cms-manage/apply-manage');
  const row = (await screen.findByText('王五')).closest('tr') as HTMLElement;
  fireEvent.click(button(row, '详情'));
  expect(await screen.findByText('370102199001011230')).toBeTruthy();
  expect(getCmsApply).toHaveBeenCalledWith(11);
  expect(screen.getByText('待审核（王五）')).toBeTruthy();
});

test('考试批次: a batch in use cannot be deleted; 编辑 sends the fee in fen and the subjects', async () => {
  renderScreen(<ApplyManagePage />, STAFF, '/cms-manage/apply-manage');
  await screen.findByText('王五');
  fireEvent.click(
    screen.getAllByText('考试批次').find((element) => element.closest('.ant-tabs-tab')) as HTMLElement,
  );
  const row = (await screen.findByText('上限 100：待审核 1，待缴费 1，已报名 2')).closest(
    'tr',
  ) as HTMLElement;
  expect(within(row).queryByText('删除')).toBeNull();
  fireEvent.click(button(row, '编辑'));
  const dialog = await dialogOf('#cms-batch_name');
  await waitFor(() =>
    expect((document.querySelector('#cms-batch_fee') as HTMLInputElement).value).toBe('150.00'),
  );
  fireEvent.change(document.querySelector('#cms-batch_fee') as HTMLInputElement, {
    target: { value: '120.5' },
  });
  fireEvent.click(within(dialog).getByText('四级/中级工'));
  // The occupation shows as the tree names it; another is picked by searching its name.
  expect(await within(dialog).findByText('焊工（6-18-02-04）')).toBeTruthy();
  await pickVocation('电焊');
  fireEvent.click(button(dialog, '保存'));
  await waitFor(() =>
    expect(saveCmsBatch).toHaveBeenCalledWith(
      expect.objectContaining({
        id: 3,
        occupationCode: '6-18-02-04-01',
        fee: 12050,
        levels: ['L5'],
        applyFrom: '2026-11-01',
        applyTo: '2026-12-31',
        subjects: BATCH_ROW.subjects,
      }),
    ),
  );
  await waitFor(() => expect(listCmsBatches).toHaveBeenCalledTimes(2));
});

test('新增批次 asks for the registration window before sending', async () => {
  renderScreen(<ApplyManagePage />, STAFF, '/cms-manage/apply-manage');
  await screen.findByText('王五');
  fireEvent.click(
    screen.getAllByText('考试批次').find((element) => element.closest('.ant-tabs-tab')) as HTMLElement,
  );
  fireEvent.click(button(await screen.findByText('新增批次').then(() => document.body), '新增批次'));
  const dialog = await dialogOf('#cms-batch_name');
  fireEvent.change(document.querySelector('#cms-batch_name') as HTMLInputElement, {
    target: { value: '2027年第一期电工认定' },
  });
  fireEvent.click(button(dialog, '保存'));
  expect(await within(dialog).findByText('请选择报名开始日期')).toBeTruthy();
  expect(await within(dialog).findByText('请选择职业（工种）')).toBeTruthy();
  expect(saveCmsBatch).not.toHaveBeenCalled();
});

test('a batch whose occupation the tree lacks asks for one from the tree; the field the server refuses is shown on it', async () => {
  jest
    .mocked(listCmsBatches)
    .mockResolvedValue(page([{ ...BATCH_ROW, occupation: '安全员', occupationCode: null }]));
  jest
    .mocked(saveCmsBatch)
    .mockRejectedValueOnce(
      buildFieldsError([{ field: 'occupationCode', message: VOCATION_MESSAGES.NOT_PICKABLE }]),
    );
  renderScreen(<ApplyManagePage />, STAFF, '/cms-manage/apply-manage');
  await screen.findByText('王五');
  fireEvent.click(
    screen.getAllByText('考试批次').find((element) => element.closest('.ant-tabs-tab')) as HTMLElement,
  );
  const row = (await screen.findByText('上限 100：待审核 1，待缴费 1，已报名 2')).closest(
    'tr',
  ) as HTMLElement;
  expect(within(row).getByText(/安全员/)).toBeTruthy();
  fireEvent.click(button(row, '编辑'));
  const dialog = await dialogOf('#cms-batch_name');
  expect(
    await within(dialog).findByText('原职业（工种）「安全员」不在职业工种目录中，请从目录中选择'),
  ).toBeTruthy();
  fireEvent.click(button(dialog, '保存'));
  expect(await within(dialog).findByText('请选择职业（工种）')).toBeTruthy();
  expect(saveCmsBatch).not.toHaveBeenCalled();

  await pickVocation('6-31');
  fireEvent.click(button(dialog, '保存'));
  expect(await within(dialog).findByText(VOCATION_MESSAGES.NOT_PICKABLE)).toBeTruthy();
  expect(saveCmsBatch).toHaveBeenCalledWith(expect.objectContaining({ id: 3, occupationCode: '6-31-01-03' }));
});
