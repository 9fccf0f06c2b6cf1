import type { PageAnswer, RoleItem } from '@px/api/contract';
import { ApiError } from '@px/config';
import { configure, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { deleteRole, findRole, pageRoles, saveRole } from '../../../api/role';
import { buildAccountInfo } from '../../../testing/render-app';
import { renderScreen, stubComputedStyles } from '../../../testing/render-screen';
import { RolePage } from './RolePage';

jest.mock('../../../api/role', () => ({
  pageRoles: jest.fn(),
  findRole: jest.fn(),
  saveRole: jest.fn(),
  deleteRole: jest.fn(),
  queryRoles: jest.fn(),
}));

// Role queries with names compute accessible names against every antd style: slow in jsdom.
// Screens load lazily and antd renders slowly in jsdom: give async queries time on a busy machine.
configure({ defaultHidden: true });
stubComputedStyles();

const pageMock = jest.mocked(pageRoles);
const findMock = jest.mocked(findRole);
const saveMock = jest.mocked(saveRole);
const deleteMock = jest.mocked(deleteRole);

/** The project admin of the demo: every section of a project, the account screens included. */
const PROJECT_ADMIN = buildAccountInfo([
  '/home',
  '/unit-manage/list',
  '/unit-manage/detail',
  '/account-manage/role',
  '/account-manage/administrator-list',
]);

function buildRole(overrides: Partial<RoleItem> = {}): RoleItem {
  return {
    id: 11,
    name: '项目管理员',
    roleSystem: 2,
    code: 'project-admin',
    remark: null,
    menu: ['/home', '/account-manage', '/account-manage/role', '/account-manage/administrator-list'],
    accountCount: 1,
    createdAt: '2024-05-01T02:03:04.000Z',
    updatedAt: '2024-05-01T02:03:04.000Z',
    ...overrides,
  };
}

const AUDITOR = buildRole({
  id: 12,
  name: '审核员',
  code: null,
  remark: '审核单位资料',
  menu: ['/unit-manage', '/unit-manage/detail'],
  accountCount: 0,
});

function page(list: RoleItem[]): PageAnswer<RoleItem> {
  return { list, total: list.length, pageNum: 1, pageSize: 10 };
}

const FIELD_ERROR = { selector: '.ant-form-item-explain-error' };
const drawer = () => document.querySelector<HTMLElement>('.ant-drawer-content-wrapper') as HTMLElement;
const rowOf = (text: string) => screen.getByText(text).closest('tr') as HTMLElement;
/** The checkbox of a node of the menu tree, by its title. */
const treeCheckbox = (title: string) =>
  within(drawer())
    .getByText(title, { selector: '.menu-grant-tree__title > span' })
    .closest('.ant-tree-treenode')
    ?.querySelector('.ant-tree-checkbox') as HTMLElement;
const isChecked = (title: string) => treeCheckbox(title).classList.contains('ant-tree-checkbox-checked');
const clickButton = (container: HTMLElement, text: RegExp) =>
  fireEvent.click(within(container).getByText(text, { selector: 'button span' }));

async function openPage() {
  const rendered = renderScreen(<RolePage />, PROJECT_ADMIN);
  await screen.findByText('审核员');
  return rendered;
}

/** Picks an option of an antd Select inside a container, by the select's form label. */
async function choose(container: HTMLElement, label: string, option: string) {
  const select = within(container).getByLabelText(label);
  fireEvent.mouseDown(select);
  const item = await screen.findByText(option, { selector: '.ant-select-item-option-content' });
  fireEvent.click(item);
}

beforeEach(() => {
  pageMock.mockReset().mockResolvedValue(page([buildRole(), AUDITOR]));
  findMock.mockReset();
  saveMock.mockReset();
  deleteMock.mockReset();
});

describe('RolePage', () => {
  it('shows the roles of the answer: name, role system, page count, accounts and remark', async () => {
    await openPage();
    expect(pageMock).toHaveBeenCalledWith({ pageNum: 1, pageSize: 10 });
    const admin = rowOf('项目管理员');
    expect(within(admin).getByText('内置')).toBeTruthy();
    expect(within(admin).getByText('项目后台')).toBeTruthy();
    // /home, /account-manage/role and /account-manage/administrator-list: three pages (sections not counted).
    expect(within(admin).getByText('3')).toBeTruthy();
    expect(within(admin).getByText('—')).toBeTruthy();
    const auditor = rowOf('审核员');
    expect(within(auditor).getByText('审核单位资料')).toBeTruthy();
    expect(screen.getByText('共 2 条')).toBeTruthy();
  });

  it('filters by name and role system from the first page, and resets', async () => {
    await openPage();
    const filters = document.querySelector<HTMLElement>('.role-page__filters') as HTMLElement;
    fireEvent.change(within(filters).getByLabelText('角色名称'), { target: { value: ' 审核 ' } });
    await choose(filters, '角色类型', '单位管理');
    clickButton(filters, /查\s*询/);
    await waitFor(() =>
      expect(pageMock).toHaveBeenLastCalledWith({ pageNum: 1, pageSize: 10, name: '审核', roleSystem: 4 }),
    );
    clickButton(filters, /重\s*置/);
    await waitFor(() => expect(pageMock).toHaveBeenLastCalledWith({ pageNum: 1, pageSize: 10 }));
  });

  it('creates a role: names the missing fields, then sends the checked pages with their sections and reloads', async () => {
    saveMock.mockResolvedValue(buildRole({ id: 20, name: '新角色', code: null }));
    await openPage();
    clickButton(document.body, /新增角色/);
    await within(drawer()).findByText('菜单权限');
    fireEvent.change(within(drawer()).getByLabelText('角色名称'), { target: { value: '   ' } });
    clickButton(drawer(), /保\s*存/);
    expect(await within(drawer()).findByText('请输入角色名称', FIELD_ERROR)).toBeTruthy();
    expect(saveMock).not.toHaveBeenCalled();

    fireEvent.change(within(drawer()).getByLabelText('角色名称'), { target: { value: ' 新角色 ' } });
    fireEvent.change(within(drawer()).getByLabelText('备注'), { target: { value: '临时' } });
    fireEvent.click(treeCheckbox('管理员列表'));
    fireEvent.click(treeCheckbox('单位管理'));
    expect(isChecked('管理员列表')).toBe(true);
    expect(isChecked('单位详情')).toBe(true);
    // A hidden page is marked as such.
    const detail = within(drawer()).getByText('单位详情', { selector: '.menu-grant-tree__title > span' });
    expect(within(detail.parentElement as HTMLElement).getByText('隐藏页')).toBeTruthy();
    // An operation grant is marked as one, not as a page.
    const freeOrder = within(drawer()).getByText('免费开通', { selector: '.menu-grant-tree__title > span' });
    expect(within(freeOrder.parentElement as HTMLElement).getByText('操作权限')).toBeTruthy();
    expect(within(freeOrder.parentElement as HTMLElement).queryByText('隐藏页')).toBeNull();
    pageMock.mockClear();
    clickButton(drawer(), /保\s*存/);

    await waitFor(() => expect(saveMock).toHaveBeenCalledTimes(1));
    expect(saveMock).toHaveBeenCalledWith({
      name: '新角色',
      roleSystem: 2,
      remark: '临时',
      menu: [
        '/unit-manage',
        '/unit-manage/list',
        '/unit-manage/detail',
        '/account-manage',
        '/account-manage/administrator-list',
      ],
    });
    await waitFor(() => expect(pageMock).toHaveBeenCalledWith({ pageNum: 1, pageSize: 10 }));
    expect(await screen.findByText('保存成功')).toBeTruthy();
  });

  it('locks pages the person does not hold', async () => {
    await openPage();
    clickButton(document.body, /新增角色/);
    await within(drawer()).findByText('菜单权限');
    const locked = treeCheckbox('项目列表');
    expect(locked.classList.contains('ant-tree-checkbox-disabled')).toBe(true);
    fireEvent.click(locked);
    expect(isChecked('项目列表')).toBe(false);
  });

  it('edits a role loaded with role/find and sends its id and remaining pages', async () => {
    findMock.mockResolvedValue(AUDITOR);
    saveMock.mockResolvedValue(AUDITOR);
    await openPage();
    clickButton(rowOf('审核员'), /编\s*辑/);
    await waitFor(() => expect(findMock).toHaveBeenCalledWith(12));
    await waitFor(() =>
      expect((within(drawer()).getByLabelText('角色名称') as HTMLInputElement).value).toBe('审核员'),
    );
    expect(isChecked('单位详情')).toBe(true);
    expect(isChecked('培训机构')).toBe(false);
    expect(treeCheckbox('单位管理').classList.contains('ant-tree-checkbox-indeterminate')).toBe(true);

    fireEvent.click(treeCheckbox('单位详情'));
    fireEvent.click(treeCheckbox('首页'));
    clickButton(drawer(), /保\s*存/);
    await waitFor(() =>
      expect(saveMock).toHaveBeenCalledWith({
        id: 12,
        name: '审核员',
        roleSystem: 2,
        remark: '审核单位资料',
        menu: ['/home'],
      }),
    );
  });

  it('keeps the role system of a built-in role', async () => {
    findMock.mockResolvedValue(buildRole());
    await openPage();
    clickButton(rowOf('项目管理员'), /编\s*辑/);
    expect(await within(drawer()).findByText('内置角色不能修改角色类型')).toBeTruthy();
  });

  it('sends no menu for a student role', async () => {
    saveMock.mockResolvedValue(buildRole({ id: 21, roleSystem: 3 }));
    await openPage();
    clickButton(document.body, /新增角色/);
    await within(drawer()).findByText('菜单权限');
    fireEvent.click(treeCheckbox('首页'));
    fireEvent.change(within(drawer()).getByLabelText('角色名称'), { target: { value: '学员乙' } });
    await choose(drawer(), '角色类型', '学员');
    expect(await within(drawer()).findByText('学员角色不能分配后台菜单')).toBeTruthy();
    expect(isChecked('首页')).toBe(false);
    clickButton(drawer(), /保\s*存/);
    await waitFor(() =>
      expect(saveMock).toHaveBeenCalledWith({ name: '学员乙', roleSystem: 3, remark: '', menu: [] }),
    );
  });

  it('deletes a role after confirmation and reloads; a refusal leaves the list as it was', async () => {
    deleteMock.mockResolvedValueOnce(undefined);
    await openPage();
    expect(
      within(rowOf('项目管理员'))
        .getByText(/删\s*除/)
        .closest('button')?.disabled,
    ).toBe(true);

    clickButton(rowOf('审核员'), /删\s*除/);
    expect(await screen.findByText('确定删除角色「审核员」吗？')).toBeTruthy();
    pageMock.mockClear();
    clickButton(document.querySelector('.ant-popconfirm') as HTMLElement, /确\s*定/);
    await waitFor(() => expect(deleteMock).toHaveBeenCalledWith(12));
    await waitFor(() => expect(pageMock).toHaveBeenCalledTimes(1));

    deleteMock.mockRejectedValueOnce(
      new ApiError({ kind: 'error', code: -1, message: '该角色下仍有账号，不能删除' }),
    );
    pageMock.mockClear();
    clickButton(rowOf('审核员'), /删\s*除/);
    const confirms = document.querySelectorAll<HTMLElement>('.ant-popconfirm');
    clickButton(confirms[confirms.length - 1] as HTMLElement, /确\s*定/);
    await waitFor(() => expect(deleteMock).toHaveBeenCalledTimes(2));
    expect(pageMock).not.toHaveBeenCalled();
  });
});
