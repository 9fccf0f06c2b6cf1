import type { AccountInfo, UnitClassItem } from '@px/api/contract';
import { configure, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { getUnitOptions } from '../../../api/account';
import { getUnitClass, getUnitClassOptions, saveUnitClass } from '../../../api/unit-class';
import { buildFieldsError } from '../../../testing/field-errors';
import { buildAccountInfo } from '../../../testing/render-app';
import { ignorePseudoElementStyles, renderScreen } from '../../../testing/render-screen';
import { CreateUnitClassPage } from './CreateUnitClassPage';

jest.mock('../../../api/unit-class', () => ({
  getUnitClass: jest.fn(),
  getUnitClassOptions: jest.fn(),
  saveUnitClass: jest.fn(),
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

const SAVED: UnitClassItem = {
  id: 4,
  unitId: 5,
  unitName: '演示培训单位',
  classId: 9,
  className: '安全生产培训班',
  year: 2026,
  name: '安全生产培训班',
  plannedStudents: 30,
  studentCount: 0,
  contactName: null,
  contactMobile: null,
  remark: null,
  state: 'OPEN',
  abilities: {
    canDelete: true,
    deleteRefusal: null,
    canClose: true,
    closeRefusal: null,
    canOpen: false,
    openRefusal: '该单位班级已开启',
  },
  createdBy: 3,
  createdAt: '2026-05-01T02:03:04.000Z',
  updatedAt: '2026-05-01T02:03:04.000Z',
};

const saveMock = jest.mocked(saveUnitClass);
const button = (text: string) =>
  screen
    .getByText((content) => content.replace(/\s/g, '') === text, { selector: 'button span' })
    .closest('button') as HTMLButtonElement;
const field = (id: string) => document.querySelector<HTMLInputElement>(`#${id}`) as HTMLInputElement;

async function choose(id: string, option: string | RegExp) {
  fireEvent.mouseDown(field(id));
  const items = await screen.findAllByText(option, { selector: '.ant-select-item-option-content' });
  fireEvent.click(items[items.length - 1] as HTMLElement);
}

beforeEach(() => {
  saveMock.mockReset().mockResolvedValue(SAVED);
  jest.mocked(getUnitClass).mockReset().mockResolvedValue(SAVED);
  jest
    .mocked(getUnitClassOptions)
    .mockReset()
    .mockResolvedValue([
      { id: 9, name: '安全生产培训班', year: 2026, enrolStartDate: '2026-01-01', enrolEndDate: '2026-12-31' },
    ]);
  jest
    .mocked(getUnitOptions)
    .mockReset()
    .mockResolvedValue([
      { id: 5, name: '演示培训单位' },
      { id: 6, name: '青岛职业学校' },
    ]);
});

describe('CreateUnitClassPage', () => {
  it('creates a unit class from an offered class; the name defaults to the class name', async () => {
    const { store } = renderScreen(<CreateUnitClassPage />, STAFF, '/train-manage/creat-class');
    expect(await screen.findByText('创建单位班级')).toBeTruthy();
    await waitFor(() => expect(getUnitOptions).toHaveBeenCalled());
    await choose('unit-class-form_unitId', '青岛职业学校');
    await choose('unit-class-form_classId', /^安全生产培训班/);
    expect(field('unit-class-form_name').value).toBe('安全生产培训班');
    fireEvent.change(field('unit-class-form_plannedStudents'), { target: { value: '30' } });
    fireEvent.click(button('保存'));
    await waitFor(() =>
      expect(saveMock).toHaveBeenCalledWith(
        expect.objectContaining({ unitId: 6, classId: 9, name: '安全生产培训班', plannedStudents: 30 }),
      ),
    );
    await waitFor(() =>
      expect(screen.getByTestId('location').textContent).toBe('/train-manage/unit-class-detail?id=4'),
    );
    expect(store).toBeTruthy();
  });

  it('fixes the unit of a unit manager', async () => {
    renderScreen(<CreateUnitClassPage />, UNIT_MANAGER, '/train-manage/creat-class');
    await screen.findByText('创建单位班级');
    await waitFor(() => expect(screen.getByTitle('演示培训单位')).toBeTruthy());
    const unitSelect = field('unit-class-form_unitId').closest('.ant-select') as HTMLElement;
    expect(unitSelect.className).toContain('ant-select-disabled');
  });

  it('shows the server’s field errors on the form', async () => {
    saveMock
      .mockReset()
      .mockRejectedValue(
        buildFieldsError([{ field: 'classId', message: '该班级不在报名时间内，不能创建单位班级' }]),
      );
    renderScreen(<CreateUnitClassPage />, STAFF, '/train-manage/creat-class');
    await screen.findByText('创建单位班级');
    await choose('unit-class-form_unitId', '演示培训单位');
    await choose('unit-class-form_classId', /^安全生产培训班/);
    fireEvent.click(button('保存'));
    expect(
      await screen.findByText('该班级不在报名时间内，不能创建单位班级', {
        selector: '.ant-form-item-explain-error',
      }),
    ).toBeTruthy();
  });

  it('edits an existing one with its unit and class fixed', async () => {
    renderScreen(<CreateUnitClassPage />, STAFF, '/train-manage/creat-class?id=4');
    expect(await screen.findByText('编辑单位班级')).toBeTruthy();
    expect(field('unit-class-form_plannedStudents').value).toBe('30');
    fireEvent.click(button('保存'));
    await waitFor(() =>
      expect(saveMock).toHaveBeenCalledWith(expect.objectContaining({ id: 4, plannedStudents: 30 })),
    );
    expect(within(document.body).queryByText('只能选择已上架、计划已发布且在报名时间内的班级')).toBeNull();
  });
});
