import type { AccountInfo, PageAnswer, UnitClassAbilities, UnitClassItem } from '@px/api/contract';
import { configure, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { getUnitOptions } from '../../../api/account';
import { deleteUnitClass, pageUnitClasses, setUnitClassState } from '../../../api/unit-class';
import { buildAccountInfo } from '../../../testing/render-app';
import { ignorePseudoElementStyles, renderScreen } from '../../../testing/render-screen';
import { UnitClassListPage } from './UnitClassListPage';

jest.mock('../../../api/unit-class', () => ({
  pageUnitClasses: jest.fn(),
  setUnitClassState: jest.fn(),
  deleteUnitClass: jest.fn(),
}));
jest.mock('../../../api/account', () => ({ getUnitOptions: jest.fn() }));

configure({ defaultHidden: true });
ignorePseudoElementStyles();

const PAGES = [
  '/home',
  '/train-manage/unit-class',
  '/train-manage/unit-class-detail',
  '/train-manage/creat-class',
];
const STAFF = buildAccountInfo(PAGES);
const UNIT_MANAGER: AccountInfo = {
  ...buildAccountInfo(PAGES, { roleSystem: 4, roleName: '单位管理员' }),
  unitId: 5,
};

/** The abilities the server answers for an OPEN unit class without students or transfers. */
const OPEN_ABILITIES: UnitClassAbilities = {
  canDelete: true,
  deleteRefusal: null,
  canClose: true,
  closeRefusal: null,
  canOpen: false,
  openRefusal: '该单位班级已开启',
};
/** A CLOSED unit class with 3 students. */
const CLOSED_WITH_STUDENTS: UnitClassAbilities = {
  canDelete: false,
  deleteRefusal: '该单位班级已有学员（3 人），不能删除',
  canClose: false,
  closeRefusal: '该单位班级已关闭',
  canOpen: true,
  openRefusal: null,
};

function buildRow(overrides: Partial<UnitClassItem> = {}): UnitClassItem {
  return {
    id: 1,
    unitId: 5,
    unitName: '演示培训单位',
    classId: 9,
    className: '安全生产培训班',
    year: 2026,
    name: '演示单位安全班',
    plannedStudents: 20,
    studentCount: 0,
    contactName: '王经理',
    contactMobile: null,
    remark: null,
    state: 'OPEN',
    abilities: OPEN_ABILITIES,
    createdBy: 3,
    createdAt: '2026-05-01T02:03:04.000Z',
    updatedAt: '2026-05-01T02:03:04.000Z',
    ...overrides,
  };
}
const page = (list: UnitClassItem[]): PageAnswer<UnitClassItem> => ({
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

const listMock = jest.mocked(pageUnitClasses);
const stateMock = jest.mocked(setUnitClassState);
const deleteMock = jest.mocked(deleteUnitClass);

beforeEach(() => {
  listMock.mockReset().mockResolvedValue(
    page([
      buildRow(),
      buildRow({
        id: 2,
        name: '已关闭的班',
        state: 'CLOSED',
        studentCount: 3,
        abilities: CLOSED_WITH_STUDENTS,
      }),
    ]),
  );
  stateMock.mockReset().mockResolvedValue(null);
  deleteMock.mockReset().mockResolvedValue(null);
  jest
    .mocked(getUnitOptions)
    .mockReset()
    .mockResolvedValue([{ id: 5, name: '演示培训单位' }]);
});

describe('UnitClassListPage', () => {
  it('lists unit classes with state tags, students and the unit column for staff', async () => {
    renderScreen(<UnitClassListPage />, STAFF, '/train-manage/unit-class');
    expect(await screen.findByText('演示单位安全班')).toBeTruthy();
    expect(within(rowOf('演示单位安全班')).getByText('开启')).toBeTruthy();
    expect(within(rowOf('演示单位安全班')).getByText('0 / 20')).toBeTruthy();
    expect(within(rowOf('已关闭的班')).getByText('已关闭')).toBeTruthy();
    expect(screen.getByText('单位', { selector: 'th' })).toBeTruthy();
    expect(screen.getByText('新建', { selector: 'button span' })).toBeTruthy();
    // A unit class with students cannot be deleted.
    expect(button(rowOf('已关闭的班'), '删除').disabled).toBe(true);
  });

  it('offers 关闭, 开启 and 删除 only as the row allows, saying why it cannot be deleted', async () => {
    listMock.mockReset().mockResolvedValue(
      page([
        buildRow({
          abilities: {
            ...OPEN_ABILITIES,
            canDelete: false,
            deleteRefusal: '该单位班级有转移记录，不能删除，可将其关闭',
          },
        }),
        buildRow({ id: 2, name: '已关闭的班', state: 'CLOSED', abilities: CLOSED_WITH_STUDENTS }),
      ]),
    );
    renderScreen(<UnitClassListPage />, STAFF, '/train-manage/unit-class');
    await screen.findByText('演示单位安全班');
    const open = rowOf('演示单位安全班');
    expect(within(open).queryByText('开启', { selector: 'button span' })).toBeNull();
    expect(button(open, '关闭').disabled).toBe(false);
    const refusedDelete = button(open, '删除');
    expect(refusedDelete.disabled).toBe(true);
    fireEvent.mouseEnter(refusedDelete.parentElement as HTMLElement);
    expect(await screen.findByText('该单位班级有转移记录，不能删除，可将其关闭')).toBeTruthy();
    const closed = rowOf('已关闭的班');
    expect(within(closed).queryByText('关闭', { selector: 'button span' })).toBeNull();
    expect(button(closed, '开启').disabled).toBe(false);
  });

  it('closes, opens and deletes rows, then reloads', async () => {
    renderScreen(<UnitClassListPage />, STAFF, '/train-manage/unit-class');
    await screen.findByText('演示单位安全班');
    fireEvent.click(button(rowOf('已关闭的班'), '开启'));
    await waitFor(() => expect(stateMock).toHaveBeenCalledWith(2, 'OPEN'));
    fireEvent.click(button(rowOf('演示单位安全班'), '关闭'));
    fireEvent.click(
      await screen.findByText((c) => c.replace(/\s/g, '') === '关闭', {
        selector: '.ant-popconfirm button span',
      }),
    );
    await waitFor(() => expect(stateMock).toHaveBeenCalledWith(1, 'CLOSED'));
    await waitFor(() => expect(button(rowOf('演示单位安全班'), '删除').disabled).toBe(false));
    fireEvent.click(button(rowOf('演示单位安全班'), '删除'));
    fireEvent.click(
      await screen.findByText((c) => c.replace(/\s/g, '') === '删除', {
        selector: '.ant-popconfirm button span',
      }),
    );
    await waitFor(() => expect(deleteMock).toHaveBeenCalledWith(1));
    await waitFor(() => expect(listMock.mock.calls.length).toBeGreaterThanOrEqual(4));
  });

  it('shows a unit manager no unit filter or column', async () => {
    renderScreen(<UnitClassListPage />, UNIT_MANAGER, '/train-manage/unit-class');
    await screen.findByText('演示单位安全班');
    expect(screen.queryByText('单位', { selector: 'th' })).toBeNull();
    expect(screen.queryByLabelText('单位')).toBeNull();
  });

  it('shows the empty state when there are none', async () => {
    listMock.mockReset().mockResolvedValue(page([]));
    renderScreen(<UnitClassListPage />, STAFF, '/train-manage/unit-class');
    await waitFor(() => expect(listMock).toHaveBeenCalled());
    expect(await screen.findByText('暂无数据', { selector: '.ant-empty-description' })).toBeTruthy();
  });
});
