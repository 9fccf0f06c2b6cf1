import type { AccountInfo, AffiliatedStudent, AffiliatedUnit, RegionNode, UnitItem } from '@px/api/contract';
import { ApiError } from '@px/config';
import { configure, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { getRegionalTree } from '../../../api/dictionary';
import {
  getUnit,
  getUnitRegisterQrCode,
  listUnitRegisterStudents,
  listUnitTrainClasses,
  listUnitTrainTypes,
  saveUnit,
} from '../../../api/unit';
import {
  deleteAffiliations,
  listAffiliationOptions,
  listAffiliationStudents,
  queryAffiliations,
  saveAffiliations,
} from '../../../api/unit-affiliation';
import { buildAccountInfo } from '../../../testing/render-app';
import { ignorePseudoElementStyles, renderScreen } from '../../../testing/render-screen';
import { REGISTER_QR_HINT } from './components/UnitRegisterQrCard';
import { UnitDetailPage } from './UnitDetailPage';

jest.mock('../../../api/unit', () => ({
  getUnit: jest.fn(),
  saveUnit: jest.fn(),
  getUnitRegisterQrCode: jest.fn(),
  listUnitRegisterStudents: jest.fn(),
  listUnitTrainTypes: jest.fn(),
  listUnitTrainClasses: jest.fn(),
}));
jest.mock('../../../api/unit-affiliation', () => ({
  queryAffiliations: jest.fn(),
  saveAffiliations: jest.fn(),
  deleteAffiliations: jest.fn(),
  listAffiliationOptions: jest.fn(),
  listAffiliationStudents: jest.fn(),
}));
jest.mock('../../../api/dictionary', () => ({ getRegionalTree: jest.fn() }));

// antd screens are slow in jsdom, more so while other test files run: wait longer than 1 s.
configure({ defaultHidden: true });
ignorePseudoElementStyles();

const getMock = jest.mocked(getUnit);
const saveMock = jest.mocked(saveUnit);
const qrMock = jest.mocked(getUnitRegisterQrCode);
const studentsMock = jest.mocked(listUnitRegisterStudents);
const trainListMock = jest.mocked(listUnitTrainClasses);
const affiliationsMock = jest.mocked(queryAffiliations);
const affiliatedStudentsMock = jest.mocked(listAffiliationStudents);

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
  affiliationsMock
    .mockReset()
    .mockResolvedValue({ list: [], total: 0, pageNum: 1, pageSize: 100, supervisingUnit: null });
  affiliatedStudentsMock.mockReset().mockResolvedValue({ list: [], total: 0, pageNum: 1, pageSize: 10 });
  jest.mocked(saveAffiliations).mockReset().mockResolvedValue(null);
  jest.mocked(deleteAffiliations).mockReset().mockResolvedValue(null);
  jest.mocked(listAffiliationOptions).mockReset().mockResolvedValue([]);
  jest
    .mocked(listUnitTrainTypes)
    .mockReset()
    .mockResolvedValue([
      { code: 'public', label: '公需科目', sort: 1, unitCount: 3 },
      { code: 'safety', label: '安全生产', sort: 4, unitCount: 0 },
    ]);
  trainListMock.mockReset().mockResolvedValue({ list: [], total: 0, pageNum: 1, pageSize: 10 });
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

describe('UnitDetailPage: 挂靠单位 and 挂靠单位学员', () => {
  const BRANCH: AffiliatedUnit = {
    unitId: 8,
    name: '演示培训单位（分部）',
    creditCode: '91370102MA7D2F1K3X',
    regionName: '山东省 济南市 历下区',
    status: 'ENABLED',
    studentCount: 2,
    affiliatedAt: '2024-06-01T02:03:04.000Z',
  };
  const STUDENT: AffiliatedStudent = {
    accountId: 41,
    realName: '孙分部',
    idCardNo: '370102********3012',
    mobile: '13800000201',
    unitId: 8,
    unitName: '演示培训单位（分部）',
    status: 'ENABLED',
    enrolmentCount: 3,
    passedCount: 1,
    createdAt: '2024-06-02T02:03:04.000Z',
  };
  const cardOf = async (title: string) =>
    (await screen.findByText(title, { selector: '.ant-card-head-title' })).closest(
      '.ant-card',
    ) as HTMLElement;
  const input = (id: string) => document.querySelector<HTMLInputElement>(`#${id}`) as HTMLInputElement;
  const openOption = (text: string) =>
    screen.findByText(text, {
      selector: '.ant-select-item-option-content, .ant-select-item-option-content *',
    });

  beforeEach(() => {
    affiliationsMock.mockResolvedValue({
      list: [BRANCH],
      total: 1,
      pageNum: 1,
      pageSize: 100,
      supervisingUnit: { id: 2, name: '省培训协会' },
    });
    affiliatedStudentsMock.mockResolvedValue({ list: [STUDENT], total: 1, pageNum: 1, pageSize: 10 });
  });

  it('shows staff the affiliated units with credit code and student count, and their students', async () => {
    renderScreen(<UnitDetailPage />, STAFF, '/unit-manage/detail?id=5');
    const card = await cardOf('挂靠单位');
    const row = (await within(card).findByText('演示培训单位（分部）')).closest('tr') as HTMLElement;
    for (const text of ['91370102MA7D2F1K3X', '2', '启用']) expect(within(row).getByText(text)).toBeTruthy();
    expect(within(card).getByText('主管单位：省培训协会')).toBeTruthy();
    expect(affiliationsMock).toHaveBeenCalledWith({ unitId: 5, pageNum: 1, pageSize: 100 });
    const students = await cardOf('挂靠单位学员');
    const sun = (await within(students).findByText('孙分部')).closest('tr') as HTMLElement;
    for (const text of ['370102********3012', '13800000201', '演示培训单位（分部）', '3', '1'])
      expect(within(sun).getByText(text)).toBeTruthy();
    expect(affiliatedStudentsMock).toHaveBeenCalledWith({ unitId: 5, pageNum: 1, pageSize: 10 });
  });

  it('lets staff add affiliated units from the picker, saving the whole set', async () => {
    jest.mocked(listAffiliationOptions).mockResolvedValue([
      { id: 8, name: '演示培训单位（分部）', creditCode: null },
      { id: 9, name: '历城分部', creditCode: '91370112MA3C4T0X05' },
    ]);
    renderScreen(<UnitDetailPage />, STAFF, '/unit-manage/detail?id=5');
    const card = await cardOf('挂靠单位');
    await within(card).findByText('演示培训单位（分部）');
    fireEvent.click(button(card, '添加挂靠单位'));
    await screen.findByText('添加挂靠单位', { selector: '.ant-modal-title' });
    await waitFor(() => expect(listAffiliationOptions).toHaveBeenCalledWith(5));
    fireEvent.click(button(modal(), '添加'));
    expect(await screen.findByText('请选择挂靠单位', FIELD_ERROR)).toBeTruthy();
    fireEvent.mouseDown(input('add-affiliation_affiliatedUnitIds'));
    fireEvent.click(await openOption('历城分部（91370112MA3C4T0X05）'));
    // A unit already under this one is not offered again.
    expect(
      screen.queryByText('演示培训单位（分部）', { selector: '.ant-select-item-option-content' }),
    ).toBeNull();
    fireEvent.click(button(modal(), '添加'));
    await waitFor(() =>
      expect(saveAffiliations).toHaveBeenCalledWith({ unitId: 5, affiliatedUnitIds: [8, 9] }),
    );
    await waitFor(() => expect(affiliationsMock).toHaveBeenCalledTimes(2));
  });

  it('lets staff release an affiliated unit after a confirmation', async () => {
    renderScreen(<UnitDetailPage />, STAFF, '/unit-manage/detail?id=5');
    const card = await cardOf('挂靠单位');
    const row = (await within(card).findByText('演示培训单位（分部）')).closest('tr') as HTMLElement;
    fireEvent.click(button(row, '解除'));
    const confirm = (await screen.findByText('解除「演示培训单位（分部）」的挂靠？')).closest(
      '.ant-popconfirm',
    ) as HTMLElement;
    fireEvent.click(button(confirm, '解除'));
    await waitFor(() => expect(deleteAffiliations).toHaveBeenCalledWith(5, [8]));
    await waitFor(() => expect(affiliatedStudentsMock).toHaveBeenCalledTimes(2));
  });

  it('offers no 添加挂靠单位 on a disabled unit, but still 解除', async () => {
    getMock.mockResolvedValue({ ...UNIT, status: 'DISABLED' });
    renderScreen(<UnitDetailPage />, STAFF, '/unit-manage/detail?id=5');
    const card = await cardOf('挂靠单位');
    const row = (await within(card).findByText('演示培训单位（分部）')).closest('tr') as HTMLElement;
    expect(button(card, '添加挂靠单位').disabled).toBe(true);
    expect(button(row, '解除').disabled).toBe(false);
  });

  it('shows a unit manager their affiliated units and students read-only', async () => {
    renderScreen(<UnitDetailPage />, UNIT_MANAGER, '/unit-manage/detail');
    const card = await cardOf('挂靠单位');
    await within(card).findByText('演示培训单位（分部）');
    expect(within(card).queryByText('添加挂靠单位', { selector: 'button span' })).toBeNull();
    expect(within(card).queryByText('解除', { selector: 'button span' })).toBeNull();
    const students = await cardOf('挂靠单位学员');
    expect(await within(students).findByText('孙分部')).toBeTruthy();
    expect(listAffiliationOptions).not.toHaveBeenCalled();
  });

  it('searches the students by affiliated unit, name, ID number and mobile', async () => {
    renderScreen(<UnitDetailPage />, STAFF, '/unit-manage/detail?id=5');
    const students = await cardOf('挂靠单位学员');
    await within(students).findByText('孙分部');
    fireEvent.mouseDown(input('affiliation-students_affiliatedUnitId'));
    fireEvent.click(await openOption('演示培训单位（分部）'));
    fireEvent.change(input('affiliation-students_name'), { target: { value: '孙' } });
    fireEvent.change(input('affiliation-students_mobile'), { target: { value: '0201' } });
    fireEvent.click(button(students, '查询'));
    await waitFor(() =>
      expect(affiliatedStudentsMock).toHaveBeenLastCalledWith(
        expect.objectContaining({ unitId: 5, pageNum: 1, affiliatedUnitId: 8, name: '孙', mobile: '0201' }),
      ),
    );
  });
  it('lists the classes the unit’s students are trained in, filtered by class name', async () => {
    trainListMock.mockResolvedValue({
      list: [
        {
          classId: 9,
          className: '电工作业培训班',
          year: 2026,
          studyStartDate: '2026-01-01',
          studyEndDate: '2026-12-31',
          enrolledCount: 12,
          pendingPayCount: 1,
          studyingCount: 6,
          finishedStudyCount: 2,
          passedCount: 3,
          lastEnrolledAt: '2026-05-01T02:03:04.000Z',
        },
      ],
      total: 1,
      pageNum: 1,
      pageSize: 10,
    });
    renderScreen(<UnitDetailPage />, STAFF, '/unit-manage/detail?id=5');
    const card = (await screen.findByText('培训清单', { selector: '.ant-card-head-title' })).closest(
      '.ant-card',
    ) as HTMLElement;
    expect(await within(card).findByText('电工作业培训班')).toBeTruthy();
    expect(within(card).getByText('2026-01-01 至 2026-12-31')).toBeTruthy();
    expect(within(card).getByText('12')).toBeTruthy();
    expect(trainListMock).toHaveBeenCalledWith(expect.objectContaining({ unitId: 5, pageNum: 1 }));
    fireEvent.change(field('unit-train-list_className'), { target: { value: '电工' } });
    fireEvent.click(button(card, '查询'));
    await waitFor(() =>
      expect(trainListMock).toHaveBeenLastCalledWith(
        expect.objectContaining({ unitId: 5, className: '电工' }),
      ),
    );
  });
});
