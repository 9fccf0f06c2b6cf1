import type { AccountInfo, RegionNode, UnitItem } from '@px/api/contract';
import { ApiError } from '@px/config';
import { configure, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { getRegionalTree, listDictionary } from '../../../api/dictionary';
import { getUnit, getUnitRegisterQrCode, listUnitRegisterStudents, saveUnit } from '../../../api/unit';
import { buildAccountInfo } from '../../../testing/render-app';
import { ignorePseudoElementStyles, renderScreen } from '../../../testing/render-screen';
import { REGISTER_QR_HINT } from './components/UnitRegisterQrCard';
import { UnitDetailPage } from './UnitDetailPage';

jest.mock('../../../api/unit', () => ({
  getUnit: jest.fn(),
  saveUnit: jest.fn(),
  getUnitRegisterQrCode: jest.fn(),
  listUnitRegisterStudents: jest.fn(),
}));
jest.mock('../../../api/dictionary', () => ({ listDictionary: jest.fn(), getRegionalTree: jest.fn() }));

// antd screens are slow in jsdom, more so while other test files run: wait longer than 1 s.
configure({ defaultHidden: true });
ignorePseudoElementStyles();

const getMock = jest.mocked(getUnit);
const saveMock = jest.mocked(saveUnit);
const qrMock = jest.mocked(getUnitRegisterQrCode);
const studentsMock = jest.mocked(listUnitRegisterStudents);

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
  qrMock.mockReset();
  studentsMock.mockReset().mockResolvedValue({ list: [], total: 0, pageNum: 1, pageSize: 10 });
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

  it('shows the registration QR code and link after the click', async () => {
    qrMock.mockResolvedValue({
      unitId: 5,
      unitName: '演示培训单位',
      imageUrl: 'https://mp.weixin.qq.com/cgi-bin/showqrcode?ticket=U5',
      registerUrl: 'http://localhost:8080/register?unitId=5',
      expiresAt: null,
    });
    renderScreen(<UnitDetailPage />, STAFF, '/unit-manage/detail?id=5');
    const card = (await screen.findByText('学员注册二维码', { selector: '.ant-card-head-title' })).closest(
      '.ant-card',
    ) as HTMLElement;
    expect(card.querySelector('img')).toBeNull();
    fireEvent.click(button(card, '生成/查看二维码'));
    await waitFor(() => expect(qrMock).toHaveBeenCalledWith(5));
    expect(await within(card).findByText('http://localhost:8080/register?unitId=5')).toBeTruthy();
    const image = card.querySelector('img') as HTMLImageElement;
    expect(image.getAttribute('src')).toBe('https://mp.weixin.qq.com/cgi-bin/showqrcode?ticket=U5');
    expect(within(card).getByText(REGISTER_QR_HINT)).toBeTruthy();
    expect(within(card).getByText('长期有效')).toBeTruthy();
    expect(within(card).getByRole('button', { name: /copy|复制/i })).toBeTruthy();
  });

  it('shows nothing broken when the project has no official account', async () => {
    qrMock.mockRejectedValue(new ApiError({ kind: 'error', code: -1, message: '当前项目未配置微信公众号' }));
    renderScreen(<UnitDetailPage />, UNIT_MANAGER, '/unit-manage/detail');
    const card = (await screen.findByText('学员注册二维码', { selector: '.ant-card-head-title' })).closest(
      '.ant-card',
    ) as HTMLElement;
    fireEvent.click(button(card, '生成/查看二维码'));
    await waitFor(() => expect(qrMock).toHaveBeenCalledWith(5));
    await waitFor(() => expect(button(card, '生成/查看二维码').className).not.toMatch(/loading/));
    expect(card.querySelector('img')).toBeNull();
    expect(within(card).queryByText(REGISTER_QR_HINT)).toBeNull();
  });

  it("lists the unit's registered students with their WeChat binding, paged", async () => {
    studentsMock.mockResolvedValue({
      list: [
        {
          accountId: 31,
          realName: '王同学',
          idCardNo: '370102********1238',
          mobile: '13800000000',
          wechatBound: true,
          createdAt: '2024-06-01T02:03:04.000Z',
        },
        {
          accountId: 32,
          realName: '李同学',
          idCardNo: '370102********1246',
          mobile: null,
          wechatBound: false,
          createdAt: '2024-06-02T02:03:04.000Z',
        },
      ],
      total: 12,
      pageNum: 1,
      pageSize: 10,
    });
    renderScreen(<UnitDetailPage />, STAFF, '/unit-manage/detail?id=5');
    const wang = (await screen.findByText('王同学')).closest('tr') as HTMLElement;
    expect(studentsMock).toHaveBeenCalledWith({ unitId: 5, pageNum: 1, pageSize: 10 });
    for (const text of ['370102********1238', '13800000000', '已绑定'])
      expect(within(wang).getByText(text)).toBeTruthy();
    expect(within(wang).getByText(/^2024-06-01 \d\d:03:04$/)).toBeTruthy();
    const li = screen.getByText('李同学').closest('tr') as HTMLElement;
    for (const text of ['未绑定', '—']) expect(within(li).getByText(text)).toBeTruthy();
    expect(screen.getByText('共 12 条')).toBeTruthy();
    fireEvent.click(screen.getByTitle('2'));
    await waitFor(() =>
      expect(studentsMock).toHaveBeenLastCalledWith({ unitId: 5, pageNum: 2, pageSize: 10 }),
    );
  });
});
