import type { CertificateTemplateDetail, CertificateTemplateItem, PageAnswer } from '@px/api/contract';
import { act, configure, fireEvent, screen, waitFor, within } from '@testing-library/react';
import {
  deleteCertificateTemplate,
  fetchCertificateBackground,
  getCertificateTemplate,
  listCertificateTemplates,
  saveCertificateTemplate,
  setCertificateTemplateStatus,
  uploadCertificateBackground,
} from '../../../api/certificate';
import { buildFieldsError } from '../../../testing/field-errors';
import { buildAccountInfo } from '../../../testing/render-app';
import { renderScreen, stubComputedStyles } from '../../../testing/render-screen';
import { CertificateTemplatePage } from './CertificateTemplatePage';
import { buildField } from './testing';

jest.mock('../../../api/certificate', () => ({
  listCertificateTemplates: jest.fn(),
  getCertificateTemplate: jest.fn(),
  saveCertificateTemplate: jest.fn(),
  setCertificateTemplateStatus: jest.fn(),
  deleteCertificateTemplate: jest.fn(),
  uploadCertificateBackground: jest.fn(),
  fetchCertificateBackground: jest.fn(),
}));

configure({ defaultHidden: true });
stubComputedStyles();

// jsdom has no PointerEvent: without one, fired pointer events carry no coordinates or button.
if (typeof window.PointerEvent === 'undefined') {
  class TestPointerEvent extends MouseEvent {
    readonly pointerId: number;
    constructor(type: string, init: PointerEventInit = {}) {
      super(type, init);
      this.pointerId = init.pointerId ?? 0;
    }
  }
  Object.assign(window, { PointerEvent: TestPointerEvent });
}

const STAFF = buildAccountInfo(['/home', '/resource-manage/certificate']);
const BACKGROUND_KEY = 'certificate-templates/1/00000000-0000-4000-8000-000000000001.png';

const field = buildField;

function buildTemplate(
  id: number,
  overrides: Partial<CertificateTemplateDetail> = {},
): CertificateTemplateDetail {
  return {
    id,
    name: `模板${id}`,
    status: 'ENABLED',
    width: 1123,
    height: 794,
    fieldCount: 2,
    backgroundImage: BACKGROUND_KEY,
    backgroundUrl: `/api/certificate/template-background.action?key=${encodeURIComponent(BACKGROUND_KEY)}`,
    createdAt: '2025-01-02T03:04:05.000Z',
    updatedAt: '2025-01-02T03:04:05.000Z',
    fields: [field('studentName'), field('text', { text: '结业证书', y: 300 })],
    ...overrides,
  };
}

const A = buildTemplate(1, { name: '结业证书' });
const B = buildTemplate(2, { name: '合格证', status: 'DISABLED', width: 800, height: 600, fieldCount: 5 });
const page = (list: CertificateTemplateItem[]): PageAnswer<CertificateTemplateItem> => ({
  list,
  total: list.length,
  pageNum: 1,
  pageSize: 10,
});

const rowOf = (text: string) => screen.getByText(text).closest('tr') as HTMLElement;
const button = (container: HTMLElement, text: string) =>
  within(container)
    .getByText((content) => content.replace(/\s/g, '') === text, { selector: 'button span' })
    .closest('button') as HTMLButtonElement;
const popconfirm = () => document.querySelector<HTMLElement>('.ant-popconfirm') as HTMLElement;
const drawer = () => document.querySelector<HTMLElement>('.ant-drawer-section') as HTMLElement;
const canvasFields = () => within(drawer()).getAllByTestId('certificate-field');
const panel = () => within(drawer()).getByTestId('field-panel');
const numberIn = (label: string) => within(panel()).getByLabelText(label) as HTMLInputElement;

async function openPage() {
  renderScreen(<CertificateTemplatePage />, STAFF, '/resource-manage/certificate');
  await screen.findByText('合格证');
}

beforeEach(() => {
  jest
    .mocked(listCertificateTemplates)
    .mockReset()
    .mockResolvedValue(page([A, B]));
  jest.mocked(getCertificateTemplate).mockReset().mockResolvedValue(A);
  jest.mocked(saveCertificateTemplate).mockReset().mockResolvedValue(A);
  jest.mocked(setCertificateTemplateStatus).mockReset().mockResolvedValue(A);
  jest.mocked(deleteCertificateTemplate).mockReset().mockResolvedValue(null);
  jest.mocked(uploadCertificateBackground).mockReset();
  jest
    .mocked(fetchCertificateBackground)
    .mockReset()
    .mockResolvedValue(new Blob(['png'], { type: 'image/png' }));
  Object.assign(URL, { createObjectURL: jest.fn(() => 'blob:background'), revokeObjectURL: jest.fn() });
});

describe('the list', () => {
  it('shows name, size, field count and status; filters send the query', async () => {
    await openPage();
    const first = rowOf('结业证书');
    expect(within(first).getByText('1123×794（A4 横向）')).toBeTruthy();
    expect(within(first).getByText('2')).toBeTruthy();
    expect(within(rowOf('合格证')).getByText('800×600')).toBeTruthy();
    expect(within(rowOf('合格证')).getByText('停用')).toBeTruthy();

    fireEvent.change(screen.getByLabelText('模板名称'), { target: { value: ' 结业 ' } });
    fireEvent.click(button(document.body, '查询'));
    await waitFor(() =>
      expect(listCertificateTemplates).toHaveBeenLastCalledWith({ name: '结业', pageNum: 1, pageSize: 10 }),
    );
  });

  it('disables after confirmation, enables a disabled one, deletes after confirmation', async () => {
    await openPage();
    fireEvent.click(button(rowOf('结业证书'), '停用'));
    await waitFor(() => expect(popconfirm()).toBeTruthy());
    expect(setCertificateTemplateStatus).not.toHaveBeenCalled();
    fireEvent.click(button(popconfirm(), '停用'));
    await waitFor(() => expect(setCertificateTemplateStatus).toHaveBeenCalledWith(1, 'DISABLED'));
    await waitFor(() => expect(listCertificateTemplates).toHaveBeenCalledTimes(2));

    fireEvent.click(button(rowOf('合格证'), '启用'));
    await waitFor(() => expect(setCertificateTemplateStatus).toHaveBeenCalledWith(2, 'ENABLED'));

    await waitFor(() => expect(listCertificateTemplates).toHaveBeenCalledTimes(3));
    await waitFor(() => expect(button(rowOf('合格证'), '删除').disabled).toBe(false));
    fireEvent.click(button(rowOf('合格证'), '删除'));
    const deleteConfirm = () =>
      [...document.querySelectorAll<HTMLElement>('.ant-popconfirm')].find((element) =>
        element.textContent?.includes('删除模板「合格证」'),
      );
    await waitFor(() => expect(deleteConfirm()).toBeTruthy());
    const confirm = deleteConfirm() as HTMLElement;
    fireEvent.click(button(confirm, '删除'));
    await waitFor(() => expect(deleteCertificateTemplate).toHaveBeenCalledWith(2));
  });
});

describe('the editor', () => {
  it('creates a template: name, portrait page, background, added fields; sends the payload', async () => {
    jest.mocked(uploadCertificateBackground).mockResolvedValue({
      key: BACKGROUND_KEY,
      url: A.backgroundUrl as string,
      contentType: 'image/png',
      width: 794,
      height: 1123,
      size: 1000,
    });
    await openPage();
    fireEvent.click(button(document.body, '新建模板'));
    await waitFor(() => expect(drawer()).toBeTruthy());

    fireEvent.click(button(drawer(), '保存'));
    expect(await within(drawer()).findByText('请填写模板名称')).toBeTruthy();
    expect(saveCertificateTemplate).not.toHaveBeenCalled();

    fireEvent.change(within(drawer()).getByLabelText('模板名称'), { target: { value: '培训证明' } });
    fireEvent.mouseDown(within(drawer()).getByLabelText('页面尺寸'));
    fireEvent.click(
      await screen.findByText('A4 纵向（794×1123）', { selector: '.ant-select-item-option-content' }),
    );
    await waitFor(() => expect(within(drawer()).getByText(/画布 794×1123/)).toBeTruthy());

    const file = new File(['png'], 'bg.png', { type: 'image/png' });
    fireEvent.change(drawer().querySelector('input[type="file"]') as HTMLInputElement, {
      target: { files: [file] },
    });
    await waitFor(() => expect(uploadCertificateBackground).toHaveBeenCalledWith(file, 'bg.png'));
    await waitFor(() => expect(fetchCertificateBackground).toHaveBeenCalledWith(BACKGROUND_KEY));
    await waitFor(() =>
      expect(within(drawer()).getByAltText('证书背景').getAttribute('src')).toBe('blob:background'),
    );

    fireEvent.click(button(within(drawer()).getByTestId('add-fields'), '姓名'));
    await waitFor(() => expect(canvasFields()).toHaveLength(1));
    expect(canvasFields()[0]?.textContent).toBe('张三');
    // A value goes on the page once: its add button is gone.
    expect(within(within(drawer()).getByTestId('add-fields')).queryByText('姓名')).toBeNull();
    fireEvent.click(button(within(drawer()).getByTestId('add-fields'), '固定文字'));
    await waitFor(() => expect(canvasFields()).toHaveLength(2));
    fireEvent.change(within(panel()).getByLabelText('文字'), { target: { value: '兹证明' } });
    fireEvent.click(within(panel()).getByLabelText('加粗'));

    fireEvent.click(button(drawer(), '保存'));
    await waitFor(() => expect(saveCertificateTemplate).toHaveBeenCalledTimes(1));
    expect(saveCertificateTemplate).toHaveBeenCalledWith({
      name: '培训证明',
      width: 794,
      height: 1123,
      backgroundImage: BACKGROUND_KEY,
      fields: [
        { ...field('studentName'), x: 247, y: 547 },
        { ...field('text'), text: '兹证明', x: 247, y: 547, bold: true, align: 'center' },
      ],
    });
    await waitFor(() => expect(listCertificateTemplates).toHaveBeenCalledTimes(2));
  });

  it('drags a field with the pointer: x and y follow at scale and stay inside the page', async () => {
    await openPage();
    fireEvent.click(button(rowOf('结业证书'), '编辑'));
    await waitFor(() => expect(getCertificateTemplate).toHaveBeenCalledWith(1));
    await waitFor(() => expect(canvasFields()).toHaveLength(2));
    const scale = Number(within(drawer()).getByTestId('certificate-canvas').dataset.scale);
    expect(scale).toBeCloseTo(760 / 1123);

    const target = canvasFields()[0] as HTMLElement;
    fireEvent.pointerDown(target, { clientX: 50, clientY: 50, button: 0, pointerId: 1 });
    fireEvent.pointerMove(target, { clientX: 50 + 150 * scale, clientY: 50 + 40 * scale, pointerId: 1 });
    fireEvent.pointerUp(target, { pointerId: 1 });
    await waitFor(() => expect(numberIn('横坐标 X').value).toBe('250'));
    expect(numberIn('纵坐标 Y').value).toBe('140');
    // After the pointer is up, moving does nothing.
    fireEvent.pointerMove(target, { clientX: 500, clientY: 500, pointerId: 1 });

    const second = canvasFields()[1] as HTMLElement;
    fireEvent.pointerDown(second, { clientX: 0, clientY: 0, button: 0, pointerId: 2 });
    fireEvent.pointerMove(window, { clientX: 5000, clientY: -5000, pointerId: 2 });
    fireEvent.pointerUp(window, { pointerId: 2 });
    await waitFor(() => expect(numberIn('横坐标 X').value).toBe('823'));
    expect(numberIn('纵坐标 Y').value).toBe('0');

    fireEvent.click(button(drawer(), '保存'));
    await waitFor(() => expect(saveCertificateTemplate).toHaveBeenCalledTimes(1));
    expect(saveCertificateTemplate).toHaveBeenCalledWith({
      id: 1,
      name: '结业证书',
      width: 1123,
      height: 794,
      backgroundImage: BACKGROUND_KEY,
      fields: [
        { ...field('studentName'), x: 250, y: 140 },
        { ...field('text', { text: '结业证书' }), x: 823, y: 0 },
      ],
    });
  });

  it('previews with sample values and no handles', async () => {
    await openPage();
    fireEvent.click(button(rowOf('结业证书'), '编辑'));
    await waitFor(() => expect(canvasFields()).toHaveLength(2));
    fireEvent.pointerDown(canvasFields()[0] as HTMLElement, { clientX: 0, clientY: 0, button: 0 });
    await waitFor(() => expect(panel()).toBeTruthy());
    fireEvent.click(button(drawer(), '预览'));
    await waitFor(() => expect(within(drawer()).queryByTestId('field-panel')).toBeNull());
    expect(within(drawer()).queryByTestId('add-fields')).toBeNull();
    expect(canvasFields().map((element) => element.textContent)).toEqual(['张三', '结业证书']);
    expect(canvasFields()[0]?.getAttribute('title')).toBeNull();
    fireEvent.click(button(drawer(), '退出预览'));
    await waitFor(() => expect(within(drawer()).getByTestId('add-fields')).toBeTruthy());
  });

  it('shows what the server refused on the form, the field list and the panel', async () => {
    jest.mocked(saveCertificateTemplate).mockRejectedValue(
      buildFieldsError([
        { field: 'name', message: '模板名称已存在' },
        { field: 'fields.1.x', message: '字段超出页面右边（横坐标 + 宽度不能大于页面宽度）' },
      ]),
    );
    await openPage();
    fireEvent.click(button(rowOf('结业证书'), '编辑'));
    await waitFor(() => expect(canvasFields()).toHaveLength(2));
    fireEvent.click(button(drawer(), '保存'));
    await waitFor(() => expect(saveCertificateTemplate).toHaveBeenCalledTimes(1));
    expect(await within(drawer()).findByText('模板名称已存在')).toBeTruthy();
    expect(
      within(drawer()).getByText(/第 2 个字段（文字：结业证书）：\s*字段超出页面右边/, { selector: 'li' }),
    ).toBeTruthy();
    // The refused field is selected, its panel names the property.
    expect(within(panel()).getByText('字段超出页面右边（横坐标 + 宽度不能大于页面宽度）')).toBeTruthy();
    expect((canvasFields()[1] as HTMLElement).style.outline).toContain('solid');
  });

  it('checks the layout with the contract before sending', async () => {
    await openPage();
    fireEvent.click(button(rowOf('结业证书'), '编辑'));
    await waitFor(() => expect(canvasFields()).toHaveLength(2));
    fireEvent.pointerDown(canvasFields()[1] as HTMLElement, { clientX: 0, clientY: 0, button: 0 });
    await waitFor(() => expect(within(panel()).getByLabelText('文字')).toBeTruthy());
    fireEvent.change(within(panel()).getByLabelText('文字'), { target: { value: '' } });
    await act(async () => {
      fireEvent.click(button(drawer(), '保存'));
    });
    expect(await within(panel()).findByText('请填写固定文字')).toBeTruthy();
    expect(saveCertificateTemplate).not.toHaveBeenCalled();
  });
});
