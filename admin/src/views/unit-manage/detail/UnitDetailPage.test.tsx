import type { AccountInfo, RegionNode, UnitItem } from '@px/api/contract';
import { ApiError } from '@px/config';
import { configure, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { getRegionalTree, listDictionary } from '../../../api/dictionary';
import { getUnit, saveUnit } from '../../../api/unit';
import { buildAccountInfo } from '../../../testing/render-app';
import { ignorePseudoElementStyles, renderScreen } from '../../../testing/render-screen';
import { UnitDetailPage } from './UnitDetailPage';

jest.mock('../../../api/unit', () => ({ getUnit: jest.fn(), saveUnit: jest.fn() }));
jest.mock('../../../api/dictionary', () => ({ listDictionary: jest.fn(), getRegionalTree: jest.fn() }));

// antd screens are slow in jsdom, more so while other test files run: wait longer than 1 s.
configure({ defaultHidden: true, asyncUtilTimeout: 5000 });
ignorePseudoElementStyles();

const getMock = jest.mocked(getUnit);
const saveMock = jest.mocked(saveUnit);

const STAFF = buildAccountInfo(['/home', '/unit-manage/list', '/unit-manage/detail']);
const UNIT_MANAGER: AccountInfo = {
  ...buildAccountInfo(['/home', '/unit-manage/detail'], { roleSystem: 4, roleName: '单位管理员' }),
  unitId: 5,
};

const AREA: RegionNode[] = [
  { code: '370100', name: '济南市', children: [{ code: '370102', name: '历下区', children: [] }] },
];

const UNIT: UnitItem = {
  id: 5,
  name: '演示培训单位',
  creditCode: '91370102MA3C4T0X04',
  contactName: '王经理',
  contactMobile: '13912345678',
  regionCode: '370102',
  regionName: '山东省 济南市 历下区',
  address: '经十路 1 号',
  trainTypes: ['public'],
  remark: '首批合作单位',
  status: 'ENABLED',
  createdAt: '2024-05-01T02:03:04.000Z',
  updatedAt: '2024-05-02T02:03:04.000Z',
};

const FIELD_ERROR = { selector: '.ant-form-item-explain-error' };
const modal = () => document.querySelector<HTMLElement>('.ant-modal-container') as HTMLElement;
const button = (container: HTMLElement, text: string) =>
  within(container)
    .getByText((content) => content.replace(/\s/g, '') === text, { selector: 'button span' })
    .closest('button') as HTMLButtonElement;
const field = (id: string) => document.querySelector<HTMLInputElement>(`#${id}`) as HTMLInputElement;

beforeEach(() => {
  getMock.mockReset().mockResolvedValue(UNIT);
  saveMock.mockReset().mockImplementation(async (payload) => ({ ...UNIT, ...payload, id: 5 }) as UnitItem);
  jest.mocked(getRegionalTree).mockReset().mockResolvedValue(AREA);
  jest
    .mocked(listDictionary)
    .mockReset()
    .mockResolvedValue([
      { code: 'public', label: '公需科目', parentCode: null, sort: 1 },
      { code: 'safety', label: '安全生产', parentCode: null, sort: 4 },
    ]);
});

describe('UnitDetailPage', () => {
  it('shows the unit of the address to project staff, with the way back to the list', async () => {
    renderScreen(<UnitDetailPage />, STAFF, '/unit-manage/detail?id=5');
    expect(await screen.findByText('演示培训单位')).toBeTruthy();
    expect(getMock).toHaveBeenCalledWith(5);
    for (const text of [
      '91370102MA3C4T0X04',
      '王经理',
      '13912345678',
      '山东省 济南市 历下区',
      '经十路 1 号',
      '首批合作单位',
    ]) {
      expect(screen.getByText(text)).toBeTruthy();
    }
    expect(await screen.findByText('公需科目')).toBeTruthy();
    expect(screen.getByText('单位详情')).toBeTruthy();
    fireEvent.click(button(document.body, '返回列表'));
    expect(screen.getByTestId('location').textContent).toBe('/unit-manage/list');
  });

  it('lets staff edit the unit, training types included, and shows the saved values', async () => {
    renderScreen(<UnitDetailPage />, STAFF, '/unit-manage/detail?id=5');
    await screen.findByText('演示培训单位');
    await screen.findByText('公需科目');
    fireEvent.click(button(document.body, '编辑'));
    await screen.findByText('编辑单位', { selector: '.ant-modal-title' });
    fireEvent.change(field('unit-form_address'), { target: { value: '经十路 99 号' } });
    fireEvent.click(within(modal()).getByText('安全生产'));
    fireEvent.click(button(modal(), '保存'));
    await waitFor(() =>
      expect(saveMock).toHaveBeenCalledWith(
        expect.objectContaining({ id: 5, address: '经十路 99 号', trainTypes: ['public', 'safety'] }),
      ),
    );
    expect(await screen.findByText('经十路 99 号')).toBeTruthy();
  });

  it('shows a unit manager their own unit without an id, and never sends training types', async () => {
    renderScreen(<UnitDetailPage />, UNIT_MANAGER, '/unit-manage/detail');
    expect(await screen.findByText('本单位信息')).toBeTruthy();
    expect(getMock).toHaveBeenCalledWith(5);
    expect(screen.queryByText('返回列表', { selector: 'button span' })).toBeNull();
    fireEvent.click(button(document.body, '编辑'));
    await screen.findByText('编辑单位', { selector: '.ant-modal-title' });
    expect(screen.getByText('培训类型由项目管理员设置')).toBeTruthy();
    const checkbox = within(modal())
      .getByText('安全生产')
      .closest('label')
      ?.querySelector('input') as HTMLInputElement;
    expect(checkbox.disabled).toBe(true);
    fireEvent.change(field('unit-form_contactMobile'), { target: { value: '1391234567' } });
    fireEvent.click(button(modal(), '保存'));
    expect(await screen.findByText('手机号格式不正确', FIELD_ERROR)).toBeTruthy();
    fireEvent.change(field('unit-form_contactMobile'), { target: { value: '13912340000' } });
    fireEvent.click(button(modal(), '保存'));
    await waitFor(() => expect(saveMock).toHaveBeenCalledTimes(1));
    expect(saveMock.mock.calls[0]?.[0]).not.toHaveProperty('trainTypes');
    expect(saveMock.mock.calls[0]?.[0]).toMatchObject({
      id: 5,
      contactMobile: '13912340000',
      regionCode: '370102',
    });
  });

  it('asks for a unit when staff open the page without an id', async () => {
    renderScreen(<UnitDetailPage />, STAFF, '/unit-manage/detail');
    expect(await screen.findByText('未指定单位')).toBeTruthy();
    expect(getMock).not.toHaveBeenCalled();
  });

  it('shows a failed load with a retry', async () => {
    getMock.mockRejectedValueOnce(new ApiError({ kind: 'error', code: -1, message: '单位不存在' }));
    renderScreen(<UnitDetailPage />, STAFF, '/unit-manage/detail?id=5');
    expect(await screen.findByText('单位不存在')).toBeTruthy();
    fireEvent.click(button(document.body, '重新加载'));
    expect(await screen.findByText('演示培训单位')).toBeTruthy();
  });
});
