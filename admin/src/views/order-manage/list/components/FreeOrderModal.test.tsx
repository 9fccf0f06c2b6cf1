import { ApiError, callUrl } from '@px/config';
import { configure, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { api } from '../../../../api/request';
import { buildFieldsError } from '../../../../testing/field-errors';
import { ignorePseudoElementStyles, renderScreen } from '../../../../testing/render-screen';
import { CLASS_OPTIONS, ORDER_STAFF, ZHANG_SAN, ZHAO_LIU } from '../order-test-data';
import { FreeOrderModal } from './FreeOrderModal';

// The dialog with the real order calls of api/order.ts: only the request client is replaced, so
// the test sees which call one or several students make.
jest.mock('../../../../api/request', () => ({
  ...jest.requireActual('../../../../api/request'),
  api: { call: jest.fn() },
}));

configure({ defaultHidden: true });
ignorePseudoElementStyles();

const callMock = jest.mocked(api.call);
/** What the dialog sent to the enrolling calls: `[url, body]`. */
const enrolments = () =>
  callMock.mock.calls
    .filter(([key]) => String(key).includes('free-order'))
    .map(([key, body]) => [callUrl(String(key)), body]);

/** The answers of the pickers, and `enrol` for the enrolling calls. */
function answerCalls(enrol: () => Promise<unknown>) {
  callMock.mockImplementation(((key: string, input: { keyword?: string }) => {
    if (key === 'order/class-options') return Promise.resolve(CLASS_OPTIONS);
    if (key === 'order/student-options')
      return Promise.resolve([ZHANG_SAN, ZHAO_LIU].filter((s) => s.realName.includes(input.keyword ?? '')));
    return enrol();
  }) as typeof api.call);
}

const input = (id: string) => document.querySelector<HTMLInputElement>(`#${id}`) as HTMLInputElement;
const dialog = () => screen.getByText('开通原因').closest('.ant-modal') as HTMLElement;
const okButton = () =>
  within(dialog())
    .getByText((content) => content.replace(/\s/g, '') === '开通', { selector: 'button span' })
    .closest('button') as HTMLButtonElement;
const fieldError = (id: string) =>
  input(id).closest('.ant-form-item')?.querySelector('.ant-form-item-explain')?.textContent ?? '';
const openOption = (text: string) =>
  screen.findByText(text, { selector: '.ant-select-item-option-content, .ant-select-item-option-content *' });

async function chooseStudent(name: string, label: string) {
  fireEvent.mouseDown(input('free-order-form_accountIds'));
  fireEvent.change(input('free-order-form_accountIds'), { target: { value: name } });
  fireEvent.click(await openOption(label));
}

async function chooseClass(label: string) {
  fireEvent.mouseDown(input('free-order-form_classIds'));
  fireEvent.click(await openOption(label));
}

function renderDialog() {
  const onDone = jest.fn();
  const onClose = jest.fn();
  renderScreen(<FreeOrderModal open onClose={onClose} onDone={onDone} />, ORDER_STAFF);
  return { onDone, onClose };
}

beforeEach(() => callMock.mockReset());

describe('FreeOrderModal', () => {
  it('names what is missing before sending anything', async () => {
    answerCalls(() => Promise.resolve({ orders: [] }));
    renderDialog();
    await waitFor(() => expect(callMock).toHaveBeenCalledWith('order/class-options', {}));
    fireEvent.click(okButton());
    await waitFor(() => expect(fieldError('free-order-form_accountIds')).toBe('请选择学员'));
    expect(fieldError('free-order-form_classIds')).toBe('请选择班级');
    expect(fieldError('free-order-form_reason')).toBe('请输入开通原因');
    expect(enrolments()).toEqual([]);
  });

  it('offers classes off the shelf disabled', async () => {
    answerCalls(() => Promise.resolve({ orders: [] }));
    renderDialog();
    fireEvent.mouseDown(input('free-order-form_classIds'));
    const offShelf = await openOption('建筑工程专业科目综合班（2025年）');
    expect(offShelf.closest('.ant-select-item-option-disabled')).toBeTruthy();
    expect(screen.getByText('¥260.00 · 已下架')).toBeTruthy();
  });

  it('enrols one student through order/free-order', async () => {
    answerCalls(() => Promise.resolve({ orders: [{ id: 9, orderNo: 'D1', accountId: ZHANG_SAN.id }] }));
    const { onDone } = renderDialog();
    await chooseStudent('张三', '张三（370102********1238）');
    await chooseClass('安全生产法专题班（2025年）');
    await chooseClass('职业道德与安全素养提升班（2025年）');
    fireEvent.change(input('free-order-form_reason'), { target: { value: '单位补贴' } });
    expect(
      await within(dialog()).findByText('将创建 1 个订单，每个订单 2 个班级、订单金额 ¥218.00，实付 ¥0.00。'),
    ).toBeTruthy();
    fireEvent.click(okButton());
    await waitFor(() => expect(onDone).toHaveBeenCalled());
    expect(enrolments()).toEqual([
      ['/order/free-order.action', { accountId: ZHANG_SAN.id, classIds: [31, 32], reason: '单位补贴' }],
    ]);
    expect(await screen.findByText('已免费开通，创建了 1 个订单')).toBeTruthy();
  });

  it('enrols several students at once through order/batch-free-order', async () => {
    answerCalls(() =>
      Promise.resolve({
        orders: [
          { id: 9, orderNo: 'D1', accountId: ZHANG_SAN.id },
          { id: 10, orderNo: 'D2', accountId: ZHAO_LIU.id },
        ],
      }),
    );
    const { onDone } = renderDialog();
    await chooseStudent('张三', '张三（370102********1238）');
    await chooseStudent('赵六', '赵六（370112********1532）');
    // The first student keeps its label while another search shows.
    expect(within(dialog()).getByText('张三（370102********1238）')).toBeTruthy();
    await chooseClass('安全生产法专题班（2025年）');
    fireEvent.change(input('free-order-form_reason'), { target: { value: '单位补贴' } });
    fireEvent.click(okButton());
    await waitFor(() => expect(onDone).toHaveBeenCalled());
    expect(enrolments()).toEqual([
      [
        '/order/batch-free-order.action',
        { accountIds: [ZHANG_SAN.id, ZHAO_LIU.id], classIds: [31], reason: '单位补贴' },
      ],
    ]);
    expect(await screen.findByText('已免费开通，创建了 2 个订单')).toBeTruthy();
  });

  it('shows a refused field on its field and stays open; a refusal of the whole call keeps it open too', async () => {
    let answer: () => Promise<unknown> = () =>
      Promise.reject(buildFieldsError([{ field: 'reason', message: '开通原因不能超过 200 个字' }]));
    answerCalls(() => answer());
    const { onDone } = renderDialog();
    await chooseStudent('张三', '张三（370102********1238）');
    await chooseClass('安全生产法专题班（2025年）');
    fireEvent.change(input('free-order-form_reason'), { target: { value: '单位补贴' } });
    fireEvent.click(okButton());
    await waitFor(() => expect(fieldError('free-order-form_reason')).toBe('开通原因不能超过 200 个字'));
    expect(onDone).not.toHaveBeenCalled();

    answer = () =>
      Promise.reject(
        new ApiError({ kind: 'error', code: -1, message: '学员「张三」已报名班级「安全生产法专题班」' }),
      );
    fireEvent.click(okButton());
    await waitFor(() => expect(enrolments()).toHaveLength(2));
    await waitFor(() => expect(okButton().classList.contains('ant-btn-loading')).toBe(false));
    expect(onDone).not.toHaveBeenCalled();
    expect(screen.getByText('开通原因')).toBeTruthy();
  });
});
