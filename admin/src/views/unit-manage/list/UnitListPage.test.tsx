import type { PageAnswer, RegionNode, UnitItem } from '@px/api/contract';
import { configure, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { getRegionalTree } from '../../../api/dictionary';
import {
  batchUpdateTrainTypes,
  listUnits,
  listUnitTrainTypes,
  saveUnit,
  setUnitStatus,
} from '../../../api/unit';
import { buildFieldsError } from '../../../testing/field-errors';
import { showAllListColumns } from '../../../testing/list-columns';
import { buildAccountInfo } from '../../../testing/render-app';
import { ignorePseudoElementStyles, renderScreen } from '../../../testing/render-screen';
import { UnitListPage } from './UnitListPage';

jest.mock('../../../api/unit', () => ({
  listUnits: jest.fn(),
  saveUnit: jest.fn(),
  setUnitStatus: jest.fn(),
  batchUpdateTrainTypes: jest.fn(),
  listUnitTrainTypes: jest.fn(),
}));
jest.mock('../../../api/dictionary', () => ({ getRegionalTree: jest.fn() }));

// antd screens are slow in jsdom, more so while other test files run: wait longer than 1 s.
configure({ defaultHidden: true });
ignorePseudoElementStyles();

const listMock = jest.mocked(listUnits);
const saveMock = jest.mocked(saveUnit);
const statusMock = jest.mocked(setUnitStatus);
const batchMock = jest.mocked(batchUpdateTrainTypes);

const PROJECT_ADMIN = buildAccountInfo(['/home', '/unit-manage/list', '/unit-manage/detail']);

/** The project area (山东省): its cities and counties. */
const AREA: RegionNode[] = [
  {
    code: '370100',
    name: '济南市',
    children: [
      { code: '370102', name: '历下区', children: [] },
      { code: '370103', name: '市中区', children: [] },
    ],
  },
  { code: '370200', name: '青岛市', children: [{ code: '370202', name: '市南区', children: [] }] },
];

function buildUnit(overrides: Partial<UnitItem> = {}): UnitItem {
  return {
    id: 1,
    name: '演示培训单位',
    creditCode: '91370102MA3C4T0X04',
    contactName: '王经理',
    contactMobile: '13912345678',
    regionCode: '370102',
    regionName: '山东省 济南市 历下区',
    address: '经十路 1 号',
    trainTypes: ['public', 'safety'],
    remark: null,
    status: 'ENABLED',
    createdAt: '2024-05-01T02:03:04.000Z',
    updatedAt: '2024-05-02T02:03:04.000Z',
    ...overrides,
  };
}

const DEMO = buildUnit();
const QINGDAO = buildUnit({
  id: 2,
  name: '青岛职业学校',
  creditCode: null,
  contactName: null,
  contactMobile: null,
  regionCode: '370202',
  regionName: '山东省 青岛市 市南区',
  trainTypes: [],
  status: 'DISABLED',
});

function page(list: UnitItem[]): PageAnswer<UnitItem> {
  return { list, total: list.length, pageNum: 1, pageSize: 10 };
}

const FIELD_ERROR = { selector: '.ant-form-item-explain-error' };
const rowOf = (text: string) => screen.getByText(text).closest('tr') as HTMLElement;
const modal = () => document.querySelector<HTMLElement>('.ant-modal-container') as HTMLElement;
/** A button by its text (antd spaces out two-character labels of some buttons: 保 存). */
const button = (container: HTMLElement, text: string | RegExp) =>
  within(container)
    .getByText(
      (content) => {
        const label = content.replace(/\s/g, '');
        return typeof text === 'string' ? label === text : text.test(label);
      },
      { selector: 'button span' },
    )
    .closest('button') as HTMLButtonElement;
const field = (id: string) => document.querySelector<HTMLInputElement>(`#${id}`) as HTMLInputElement;

/** Opens a Cascader and clicks its options in turn (each level appears after the click before). */
async function pickRegion(cascader: HTMLElement, ...names: string[]) {
  fireEvent.mouseDown(cascader.querySelector('.ant-select-selector, .ant-cascader-selector') ?? cascader);
  for (const name of names) {
    const option = await waitFor(() => {
      const found = [...document.querySelectorAll<HTMLElement>('.ant-cascader-menu-item')].find(
        (entry) => entry.getAttribute('title') === name,
      );
      if (!found) throw new Error(`no option ${name}`);
      return found;
    });
    fireEvent.click(option);
  }
}

async function openPage() {
  const rendered = renderScreen(<UnitListPage />, PROJECT_ADMIN, '/unit-manage/list');
  await screen.findByText('青岛职业学校');
  await screen.findByText('安全生产');
  return rendered;
}

beforeEach(() => {
  // Every column: these tests read what the optional ones hold too.
  showAllListColumns('unit-manage/list');
  listMock.mockReset().mockResolvedValue(page([DEMO, QINGDAO]));
  saveMock.mockReset();
  statusMock.mockReset().mockResolvedValue(null);
  batchMock.mockReset().mockResolvedValue(null);
  jest.mocked(getRegionalTree).mockReset().mockResolvedValue(AREA);
  jest
    .mocked(listUnitTrainTypes)
    .mockReset()
    .mockResolvedValue([
      { code: 'public', label: '公需科目', sort: 1, unitCount: 1 },
      { code: 'specialized', label: '专业科目', sort: 2, unitCount: 0 },
      { code: 'safety', label: '安全生产', sort: 4, unitCount: 2 },
    ]);
});

describe('UnitListPage', () => {
  it('shows the units with their training types by name and links each to its detail', async () => {
    await openPage();
    expect(listMock).toHaveBeenCalledWith({ pageNum: 1, pageSize: 10 });
    expect(getRegionalTree).toHaveBeenCalledWith(undefined);
    expect(listUnitTrainTypes).toHaveBeenCalled();
    const demo = rowOf('91370102MA3C4T0X04');
    for (const text of ['王经理', '13912345678', '山东省 济南市 历下区', '公需科目', '安全生产', '启用']) {
      expect(within(demo).getByText(text)).toBeTruthy();
    }
    expect(within(rowOf('山东省 青岛市 市南区')).getByText('停用')).toBeTruthy();
    const link = within(demo).getByText('演示培训单位').closest('a') as HTMLAnchorElement;
    expect(link.getAttribute('href')).toBe('/unit-manage/detail?id=1');
    expect(within(demo).getByText('详情').closest('a')?.getAttribute('href')).toBe(
      '/unit-manage/detail?id=1',
    );
  });

  it('filters by name, credit code, region, training type (with its number of units) and status', async () => {
    await openPage();
    fireEvent.change(field('unit-filters_name'), { target: { value: ' 培训 ' } });
    fireEvent.change(field('unit-filters_creditCode'), { target: { value: '91370102ma3c4t0x04' } });
    await pickRegion(
      field('unit-filters_region').closest('.ant-select, .ant-cascader') as HTMLElement,
      '济南市',
    );
    fireEvent.mouseDown(field('unit-filters_trainType'));
    fireEvent.click(
      await screen.findByText('安全生产（2）', {
        selector: '.ant-select-item-option-content, .ant-select-item-option-content *',
      }),
    );
    fireEvent.click(button(document.body, '查询'));
    await waitFor(() =>
      expect(listMock).toHaveBeenLastCalledWith({
        name: '培训',
        creditCode: '91370102MA3C4T0X04',
        regionCode: '370100',
        trainType: 'safety',
        status: undefined,
        pageNum: 1,
        pageSize: 10,
      }),
    );
  });

  it('checks a new unit with Chinese messages, the credit code included, before sending', async () => {
    await openPage();
    fireEvent.click(button(document.body, '新增单位'));
    await screen.findByText('新增单位', { selector: '.ant-modal-title' });
    fireEvent.change(field('unit-form_creditCode'), { target: { value: '91370102MA3C4T0X05' } });
    fireEvent.change(field('unit-form_contactMobile'), { target: { value: '12345678901' } });
    fireEvent.click(button(modal(), '保存'));
    expect(await screen.findByText('请填写单位名称', FIELD_ERROR)).toBeTruthy();
    expect(screen.getByText('统一社会信用代码不正确', FIELD_ERROR)).toBeTruthy();
    expect(screen.getByText('手机号格式不正确', FIELD_ERROR)).toBeTruthy();
    expect(screen.getByText('请选择所在地区', FIELD_ERROR)).toBeTruthy();
    expect(saveMock).not.toHaveBeenCalled();
  });

  it('adds a unit: the payload carries the trimmed fields, the county and the training types', async () => {
    saveMock.mockResolvedValue(buildUnit({ id: 3, name: '新单位' }));
    await openPage();
    fireEvent.click(button(document.body, '新增单位'));
    await screen.findByText('新增单位', { selector: '.ant-modal-title' });
    fireEvent.change(field('unit-form_name'), { target: { value: ' 历下培训中心 ' } });
    fireEvent.change(field('unit-form_creditCode'), { target: { value: '91350100m000100y43' } });
    fireEvent.change(field('unit-form_contactName'), { target: { value: '李老师' } });
    fireEvent.change(field('unit-form_contactMobile'), { target: { value: '13800000001' } });
    await pickRegion(
      field('unit-form_regionCode').closest('.ant-select, .ant-cascader') as HTMLElement,
      '济南市',
      '历下区',
    );
    fireEvent.click(within(modal()).getByText('专业科目'));
    fireEvent.click(button(modal(), '保存'));
    await waitFor(() =>
      expect(saveMock).toHaveBeenCalledWith({
        name: '历下培训中心',
        creditCode: '91350100M000100Y43',
        contactName: '李老师',
        contactMobile: '13800000001',
        regionCode: '370102',
        address: '',
        trainTypes: ['specialized'],
        remark: '',
      }),
    );
    await waitFor(() => expect(listMock).toHaveBeenCalledTimes(2));
  });

  it('edits a unit and shows the server refusal on its field', async () => {
    saveMock.mockRejectedValue(
      buildFieldsError([{ field: 'creditCode', message: '统一社会信用代码已被其他单位使用' }]),
    );
    await openPage();
    fireEvent.click(button(rowOf('91370102MA3C4T0X04'), '编辑'));
    await screen.findByText('编辑单位', { selector: '.ant-modal-title' });
    expect(field('unit-form_name').value).toBe('演示培训单位');
    fireEvent.click(button(modal(), '保存'));
    await waitFor(() =>
      expect(saveMock).toHaveBeenCalledWith({
        id: 1,
        name: '演示培训单位',
        creditCode: '91370102MA3C4T0X04',
        contactName: '王经理',
        contactMobile: '13912345678',
        regionCode: '370102',
        address: '经十路 1 号',
        trainTypes: ['public', 'safety'],
        remark: '',
      }),
    );
    expect(await screen.findByText('统一社会信用代码已被其他单位使用', FIELD_ERROR)).toBeTruthy();
  });

  it('changes the training types of the selected units at once', async () => {
    await openPage();
    expect(button(document.body, '修改培训类型').disabled).toBe(true);
    for (const text of ['91370102MA3C4T0X04', '山东省 青岛市 市南区']) {
      fireEvent.click(rowOf(text).querySelector('input[type="checkbox"]') as HTMLElement);
    }
    fireEvent.click(button(document.body, '修改培训类型（2）'));
    await screen.findByText('将所选的 2 个单位的培训类型统一设置为：');
    fireEvent.click(button(modal(), '保存'));
    expect(await screen.findByText('请选择培训类型', FIELD_ERROR)).toBeTruthy();
    fireEvent.click(within(modal()).getByText('专业科目'));
    fireEvent.click(within(modal()).getByText('安全生产'));
    fireEvent.click(button(modal(), '保存'));
    await waitFor(() => expect(batchMock).toHaveBeenCalledWith([1, 2], ['specialized', 'safety']));
    await waitFor(() => expect(button(document.body, '修改培训类型').disabled).toBe(true));
  });

  it('disables a unit after confirmation and enables one directly', async () => {
    await openPage();
    fireEvent.click(button(rowOf('91370102MA3C4T0X04'), '停用'));
    expect(await screen.findByText('停用单位「演示培训单位」？')).toBeTruthy();
    fireEvent.click(button(document.querySelector('.ant-popconfirm') as HTMLElement, '停用'));
    await waitFor(() => expect(statusMock).toHaveBeenCalledWith(1, 'DISABLED'));
    fireEvent.click(button(rowOf('山东省 青岛市 市南区'), '启用'));
    await waitFor(() => expect(statusMock).toHaveBeenCalledWith(2, 'ENABLED'));
  });
});
