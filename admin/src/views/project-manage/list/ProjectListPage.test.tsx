import type { PageAnswer, ProjectItem } from '@px/api/contract';
import { configure, fireEvent, screen, waitFor, within } from '@testing-library/react';
import {
  createProjectAdmin,
  deleteProject,
  listProjects,
  saveProject,
  setProjectStatus,
} from '../../../api/project';
import { buildFieldsError } from '../../../testing/field-errors';
import { showAllListColumns } from '../../../testing/list-columns';
import { buildAccountInfo } from '../../../testing/render-app';
import { ignorePseudoElementStyles, renderScreen } from '../../../testing/render-screen';
import { CODE_MESSAGE } from './components/ProjectFormModal';
import { ProjectListPage } from './ProjectListPage';

jest.mock('../../../api/project', () => ({
  createProjectAdmin: jest.fn(),
  listProjects: jest.fn(),
  saveProject: jest.fn(),
  setProjectStatus: jest.fn(),
  deleteProject: jest.fn(),
}));

// antd screens are slow in jsdom, more so while other test files run: wait longer than 1 s.
configure({ defaultHidden: true });
ignorePseudoElementStyles();

const listMock = jest.mocked(listProjects);
const saveMock = jest.mocked(saveProject);
const statusMock = jest.mocked(setProjectStatus);
const deleteMock = jest.mocked(deleteProject);
const createAdminMock = jest.mocked(createProjectAdmin);

const PLATFORM_ADMIN = buildAccountInfo(['/home', '/project-manage/list', '/project-manage/setting'], {
  roleSystem: 1,
  roleName: '平台管理员',
});

function buildProject(overrides: Partial<ProjectItem> = {}): ProjectItem {
  return {
    id: 1,
    code: 'demo',
    name: '演示项目',
    status: 'ENABLED',
    isDefault: true,
    domains: ['localhost', '127.0.0.1'],
    accountCount: 5,
    staffCount: 2,
    unitCount: 1,
    createdAt: '2024-05-01T02:03:04.000Z',
    ...overrides,
  };
}

const DEMO = buildProject();
const EMPTY = buildProject({
  id: 2,
  code: 'shandong',
  name: '山东继续教育',
  isDefault: false,
  domains: [],
  accountCount: 0,
  staffCount: 0,
  unitCount: 0,
  status: 'DISABLED',
});

function page(list: ProjectItem[], total = list.length): PageAnswer<ProjectItem> {
  return { list, total, pageNum: 1, pageSize: 10 };
}

const FIELD_ERROR = { selector: '.ant-form-item-explain-error' };
const rowOf = (text: string) => screen.getByText(text).closest('tr') as HTMLElement;
const modal = () => document.querySelector<HTMLElement>('.ant-modal-container') as HTMLElement;
const popconfirm = () => document.querySelector<HTMLElement>('.ant-popconfirm') as HTMLElement;
/** A button by its text (antd spaces out two-character labels of some buttons: 保 存). */
const button = (container: HTMLElement, text: string) =>
  within(container)
    .getByText((content) => content.replace(/\s/g, '') === text, { selector: 'button span' })
    .closest('button') as HTMLButtonElement;
const input = (container: HTMLElement, id: string) =>
  container.querySelector<HTMLInputElement>(`#${id}`) as HTMLInputElement;

async function openPage() {
  const rendered = renderScreen(<ProjectListPage />, PLATFORM_ADMIN, '/project-manage/list');
  await screen.findByText('山东继续教育');
  return rendered;
}

beforeEach(() => {
  // Every column: these tests read what the optional ones hold too.
  showAllListColumns('project-manage/list');
  listMock.mockReset().mockResolvedValue(page([DEMO, EMPTY]));
  saveMock.mockReset();
  statusMock.mockReset().mockResolvedValue(null);
  deleteMock.mockReset().mockResolvedValue(null);
  createAdminMock.mockReset();
});

describe('ProjectListPage', () => {
  it('shows the projects: code, name, domains, default, status and creation time', async () => {
    await openPage();
    expect(listMock).toHaveBeenCalledWith({ pageNum: 1, pageSize: 10 });
    const demo = rowOf('演示项目');
    for (const text of ['demo', 'localhost', '127.0.0.1', '默认', '启用'])
      expect(within(demo).getByText(text)).toBeTruthy();
    expect(within(demo).getByText(/^2024-05-01 \d\d:03:04$/)).toBeTruthy();
    expect(within(rowOf('山东继续教育')).getByText('停用')).toBeTruthy();
    expect(screen.getByText('共 2 条')).toBeTruthy();
  });

  it('links each project to its settings page', async () => {
    await openPage();
    const link = within(rowOf('山东继续教育')).getByText('设置').closest('a') as HTMLAnchorElement;
    expect(link.getAttribute('href')).toBe('/project-manage/setting?projectId=2');
    fireEvent.click(link);
    expect(screen.getByTestId('location').textContent).toBe('/project-manage/setting?projectId=2');
  });

  it('searches by name or code from the first page', async () => {
    await openPage();
    fireEvent.change(screen.getByPlaceholderText('名称或编码'), { target: { value: ' 山东 ' } });
    fireEvent.click(button(document.body, '查询'));
    await waitFor(() =>
      expect(listMock).toHaveBeenLastCalledWith({ name: '山东', pageNum: 1, pageSize: 10 }),
    );
  });

  it('refuses to delete or disable the default project, and a project in use', async () => {
    await openPage();
    const demo = rowOf('演示项目');
    expect(button(demo, '删除').disabled).toBe(true);
    expect(button(demo, '停用').disabled).toBe(true);
  });

  it('enables a disabled project and reloads the list', async () => {
    await openPage();
    fireEvent.click(button(rowOf('山东继续教育'), '启用'));
    await waitFor(() => expect(statusMock).toHaveBeenCalledWith(2, 'ENABLED'));
    await waitFor(() => expect(listMock).toHaveBeenCalledTimes(2));
  });

  it('disables a project after confirmation', async () => {
    listMock.mockResolvedValue(page([DEMO, { ...EMPTY, status: 'ENABLED' }]));
    await openPage();
    fireEvent.click(button(rowOf('山东继续教育'), '停用'));
    expect(await screen.findByText('停用项目「山东继续教育」？')).toBeTruthy();
    expect(statusMock).not.toHaveBeenCalled();
    fireEvent.click(button(popconfirm(), '停用'));
    await waitFor(() => expect(statusMock).toHaveBeenCalledWith(2, 'DISABLED'));
  });

  it('deletes an unused project after confirmation', async () => {
    await openPage();
    fireEvent.click(button(rowOf('山东继续教育'), '删除'));
    expect(await screen.findByText('删除项目「山东继续教育」？')).toBeTruthy();
    fireEvent.click(button(popconfirm(), '删除'));
    await waitFor(() => expect(deleteMock).toHaveBeenCalledWith(2));
    await waitFor(() => expect(listMock).toHaveBeenCalledTimes(2));
  });

  it('checks the new project form with Chinese messages before sending anything', async () => {
    await openPage();
    fireEvent.click(screen.getByText('新增项目', { selector: 'button span' }));
    await screen.findByText('新增项目', { selector: '.ant-modal-title' });
    fireEvent.click(button(modal(), '保存'));
    expect(await screen.findByText('请填写项目编码', FIELD_ERROR)).toBeTruthy();
    expect(screen.getByText('请填写项目名称', FIELD_ERROR)).toBeTruthy();

    fireEvent.change(input(modal(), 'project-form_code'), { target: { value: 'bad_code' } });
    expect(await screen.findByText(CODE_MESSAGE, FIELD_ERROR)).toBeTruthy();
    fireEvent.change(input(modal(), 'project-form_domains'), { target: { value: 'http://bad host,' } });
    fireEvent.click(button(modal(), '保存'));
    expect(await screen.findByText(/^域名格式不正确/, FIELD_ERROR)).toBeTruthy();
    expect(saveMock).not.toHaveBeenCalled();
  });

  it('creates a project with its domains and default flag', async () => {
    saveMock.mockResolvedValue(buildProject({ id: 3, code: 'jinan', name: '济南项目', isDefault: false }));
    await openPage();
    fireEvent.click(screen.getByText('新增项目', { selector: 'button span' }));
    await screen.findByText('新增项目', { selector: '.ant-modal-title' });
    fireEvent.change(input(modal(), 'project-form_code'), { target: { value: ' JiNan ' } });
    fireEvent.change(input(modal(), 'project-form_name'), { target: { value: '济南项目' } });
    fireEvent.change(input(modal(), 'project-form_domains'), { target: { value: 'PX.Jinan.cn,' } });
    fireEvent.click(input(modal(), 'project-form_isDefault'));
    fireEvent.click(button(modal(), '保存'));
    await waitFor(() =>
      expect(saveMock).toHaveBeenCalledWith({
        code: 'jinan',
        name: '济南项目',
        domains: ['px.jinan.cn'],
        isDefault: true,
      }),
    );
    await waitFor(() => expect(listMock).toHaveBeenCalledTimes(2));
  });

  it('edits a project: its id and values are sent, the server refusal shows on the field', async () => {
    saveMock.mockRejectedValue(
      buildFieldsError([{ field: 'domains', message: '域名 localhost 已被项目「演示项目」使用' }]),
    );
    await openPage();
    fireEvent.click(button(rowOf('山东继续教育'), '编辑'));
    await screen.findByText('编辑项目', { selector: '.ant-modal-title' });
    expect(input(modal(), 'project-form_code').value).toBe('shandong');
    fireEvent.change(input(modal(), 'project-form_domains'), { target: { value: 'localhost,' } });
    fireEvent.click(button(modal(), '保存'));
    await waitFor(() =>
      expect(saveMock).toHaveBeenCalledWith({
        id: 2,
        code: 'shandong',
        name: '山东继续教育',
        domains: ['localhost'],
        isDefault: false,
      }),
    );
    expect(await screen.findByText('域名 localhost 已被项目「演示项目」使用', FIELD_ERROR)).toBeTruthy();
    expect(listMock).toHaveBeenCalledTimes(1);
  });

  it('creates the first administrator of a project without staff and shows the password once', async () => {
    createAdminMock.mockResolvedValue({
      accountId: 9,
      accountName: 'sdadmin',
      realName: '山东管理员',
      password: 'Kx7mPq2wRt',
    });
    await openPage();
    expect(within(rowOf('演示项目')).queryByText('创建管理员')).toBeNull();
    fireEvent.click(button(rowOf('山东继续教育'), '创建管理员'));
    await screen.findByText('创建管理员：山东继续教育', { selector: '.ant-modal-title' });
    fireEvent.click(button(modal(), '创建'));
    expect(await screen.findByText('请输入账号', FIELD_ERROR)).toBeTruthy();
    expect(createAdminMock).not.toHaveBeenCalled();

    fireEvent.change(input(modal(), 'project-admin_accountName'), { target: { value: 'sdadmin' } });
    fireEvent.change(input(modal(), 'project-admin_realName'), { target: { value: '山东管理员' } });
    fireEvent.click(button(modal(), '创建'));
    await waitFor(() =>
      expect(createAdminMock).toHaveBeenCalledWith({
        projectId: 2,
        accountName: 'sdadmin',
        realName: '山东管理员',
        mobile: undefined,
      }),
    );
    expect(await screen.findByText('Kx7mPq2wRt')).toBeTruthy();
    expect(screen.getByText(/初始密码只显示这一次/)).toBeTruthy();
    await waitFor(() => expect(listMock).toHaveBeenCalledTimes(2));
    fireEvent.click(button(document.body, '我已记下'));
    await waitFor(() => expect(screen.queryByText('Kx7mPq2wRt')).toBeNull());
  });
});
