import type { AccountInfo, PageAnswer } from '@px/api/contract';
import { ApiError } from '@px/config';
import { buildSystemInfo } from '@px/test/jest/system-info';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { createStore, Provider } from 'jotai';
import { MemoryRouter } from 'react-router-dom';
import { queryAccounts } from '../../api/account';
import { getHomeTodo } from '../../api/home';
import { getSystemInfo, listProjects } from '../../api/project';
import { getUnit, listUnits } from '../../api/unit';
import { getUnitWorkspace } from '../../api/unit-import';
import { buildAccountInfo } from '../../testing/render-app';
import { renderScreen } from '../../testing/render-screen';
import { HomePage } from './HomePage';

jest.mock('../../api/project', () => ({ getSystemInfo: jest.fn(), listProjects: jest.fn() }));
jest.mock('../../api/unit', () => ({ listUnits: jest.fn(), getUnit: jest.fn() }));
jest.mock('../../api/account', () => ({ queryAccounts: jest.fn() }));
jest.mock('../../api/unit-import', () => ({ getUnitWorkspace: jest.fn() }));
jest.mock('../../api/home', () => ({ getHomeTodo: jest.fn() }));

// Screens load lazily and antd is slow in jsdom while other test files run: wait longer than 1 s.

const getSystemInfoMock = jest.mocked(getSystemInfo);
const listProjectsMock = jest.mocked(listProjects);
const listUnitsMock = jest.mocked(listUnits);
const queryAccountsMock = jest.mocked(queryAccounts);
const getUnitMock = jest.mocked(getUnit);
const getHomeTodoMock = jest.mocked(getHomeTodo);

/** A page answer of which only the total matters. */
function total(count: number): PageAnswer<never> {
  return { list: [], total: count, pageNum: 1, pageSize: 1 };
}

/** The card of a count by its title. */
const statCard = (title: string) =>
  screen.getByText(title, { selector: '.ant-card-head-title' }).closest('.ant-card') as HTMLElement;

function renderHome() {
  return render(
    <Provider store={createStore()}>
      <MemoryRouter>
        <HomePage />
      </MemoryRouter>
    </Provider>,
  );
}

beforeEach(() => {
  getSystemInfoMock.mockReset();
  listProjectsMock.mockReset().mockImplementation(async (query) => total(query.status ? 2 : 3));
  listUnitsMock.mockReset().mockResolvedValue(total(12));
  queryAccountsMock.mockReset().mockResolvedValue(total(4));
  getUnitMock.mockReset();
  getHomeTodoMock.mockReset().mockResolvedValue({ items: [] });
});

describe('HomePage', () => {
  it('shows the title, short title and version of the project', async () => {
    getSystemInfoMock.mockResolvedValue(buildSystemInfo());
    renderHome();
    expect(screen.getByText('加载中…')).toBeTruthy();
    expect(await screen.findByText('山东职业技能培训平台')).toBeTruthy();
    expect(screen.getByText('鲁培训')).toBeTruthy();
    expect(screen.getByText('2.3.1')).toBeTruthy();
    expect(getSystemInfoMock).toHaveBeenCalledTimes(1);
  });

  it('shows the failure with a retry that loads the settings again', async () => {
    getSystemInfoMock.mockRejectedValueOnce(
      new ApiError({ kind: 'error', code: -1, message: '服务器繁忙，请稍后再试' }),
    );
    getSystemInfoMock.mockResolvedValueOnce(buildSystemInfo({ title: '第二次加载' }));
    renderHome();
    expect(await screen.findByText('加载失败')).toBeTruthy();
    expect(screen.getByText('服务器繁忙，请稍后再试')).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: '重新加载' }));
    expect(await screen.findByText('第二次加载')).toBeTruthy();
    expect(getSystemInfoMock).toHaveBeenCalledTimes(2);
  });

  it('greets platform staff and counts the projects their menu grants', async () => {
    getSystemInfoMock.mockResolvedValue(buildSystemInfo());
    const admin = buildAccountInfo(['/home', '/project-manage/list', '/project-manage/setting'], {
      roleSystem: 1,
      roleName: '平台管理员',
      userName: '平台管理员',
    });
    renderScreen(<HomePage />, { ...admin, projectId: null });
    expect(await screen.findByText('您好，平台管理员')).toBeTruthy();
    expect(screen.getByText('平台管理')).toBeTruthy();
    expect(screen.getByText('平台（全部项目）')).toBeTruthy();
    await waitFor(() => expect(within(statCard('项目总数')).getByText('3')).toBeTruthy());
    expect(within(statCard('启用中的项目')).getByText('2')).toBeTruthy();
    expect(listProjectsMock).toHaveBeenCalledWith({ pageNum: 1, pageSize: 1 }, { quiet: true });
    expect(listProjectsMock).toHaveBeenCalledWith(
      { pageNum: 1, pageSize: 1, status: 'ENABLED' },
      { quiet: true },
    );
    expect(within(statCard('项目总数')).getByText('查看').getAttribute('href')).toBe('/project-manage/list');
    expect(listUnitsMock).not.toHaveBeenCalled();
    expect(queryAccountsMock).not.toHaveBeenCalled();
  });

  it('counts units and staff accounts for a project admin, in their project', async () => {
    getSystemInfoMock.mockResolvedValue(buildSystemInfo());
    renderScreen(
      <HomePage />,
      buildAccountInfo(['/home', '/unit-manage/list', '/account-manage/administrator-list'], {
        userName: '李管理',
      }),
    );
    expect(await screen.findByText('您好，李管理')).toBeTruthy();
    expect(screen.getByText('项目管理员')).toBeTruthy();
    expect(screen.getByText('山东项目')).toBeTruthy();
    await waitFor(() => expect(within(statCard('培训机构')).getByText('12')).toBeTruthy());
    await waitFor(() => expect(within(statCard('后台账号')).getByText('4')).toBeTruthy());
    expect(listUnitsMock).toHaveBeenCalledWith({ pageNum: 1, pageSize: 1 }, { quiet: true });
    expect(queryAccountsMock).toHaveBeenCalledWith({ pageNum: 1, pageSize: 1 });
    expect(listProjectsMock).not.toHaveBeenCalled();
  });

  it('calls only what the menu grants: customer service without the administrator list', async () => {
    getSystemInfoMock.mockResolvedValue(buildSystemInfo());
    renderScreen(<HomePage />, buildAccountInfo(['/home', '/unit-manage/list'], { roleName: '客服' }));
    await waitFor(() => expect(within(statCard('培训机构')).getByText('12')).toBeTruthy());
    expect(screen.queryByText('后台账号')).toBeNull();
    expect(queryAccountsMock).not.toHaveBeenCalled();
  });

  it('shows nothing it cannot count: finance has no stats', async () => {
    getSystemInfoMock.mockResolvedValue(buildSystemInfo());
    renderScreen(<HomePage />, buildAccountInfo(['/home', '/order-manage/list'], { roleName: '财务' }));
    expect(await screen.findByText('财务')).toBeTruthy();
    expect(listUnitsMock).not.toHaveBeenCalled();
    expect(queryAccountsMock).not.toHaveBeenCalled();
    expect(listProjectsMock).not.toHaveBeenCalled();
  });

  it('gives a unit manager the way to their own unit', async () => {
    getSystemInfoMock.mockResolvedValue(buildSystemInfo());
    getUnitMock.mockResolvedValue({
      id: 5,
      name: '演示培训单位',
      creditCode: null,
      contactName: null,
      contactMobile: null,
      regionCode: '370102',
      regionName: '山东省 济南市 历下区',
      address: null,
      trainTypes: [],
      remark: null,
      status: 'ENABLED',
      createdAt: '2024-05-01T02:03:04.000Z',
      updatedAt: '2024-05-01T02:03:04.000Z',
    });
    const manager: AccountInfo = {
      ...buildAccountInfo(['/home', '/unit-manage', '/unit-manage/detail'], {
        roleSystem: 4,
        roleName: '单位管理员',
      }),
      unitId: 5,
    };
    renderScreen(<HomePage />, manager);
    expect(await screen.findByText('演示培训单位')).toBeTruthy();
    expect(getUnitMock).toHaveBeenCalledWith(5, { quiet: true });
    expect(screen.getByText('山东省 济南市 历下区')).toBeTruthy();
    fireEvent.click(
      screen.getByText((text) => text.replace(/\s/g, '') === '本单位信息', { selector: 'button span' }),
    );
    expect(screen.getByTestId('location').textContent).toBe('/unit-manage/detail?id=5');
    expect(listUnitsMock).not.toHaveBeenCalled();
  });

  it('gives a unit manager their workspace: unit classes, students by state, unpaid batch orders', async () => {
    getSystemInfoMock.mockResolvedValue(buildSystemInfo());
    jest.mocked(getUnitWorkspace).mockResolvedValue({
      unitClasses: 2,
      openUnitClasses: 1,
      students: 7,
      studentsByStatus: { PENDING_PAY: 3, STUDYING: 4 },
      unpaidBatches: 1,
      unpaidAmount: 29_400,
      runningImports: 0,
    });
    const manager: AccountInfo = {
      ...buildAccountInfo(
        ['/home', '/train-manage', '/train-manage/unit-class', '/train-manage/batch-pay-order'],
        {
          roleSystem: 4,
          roleName: '单位管理员',
        },
      ),
      unitId: 5,
    };
    renderScreen(<HomePage />, manager);
    const card = (await screen.findByText('单位工作台', { selector: '.ant-card-head-title' })).closest(
      '.ant-card',
    ) as HTMLElement;
    expect(await within(card).findByText('2（1）')).toBeTruthy();
    expect(within(card).getByText('1 笔 ¥294.00')).toBeTruthy();
    expect(within(card).getByText('待缴费').closest('.ant-statistic')?.textContent).toContain('3');
    fireEvent.click(
      within(card).getByText((text) => text.replace(/\s/g, '') === '批量订单', { selector: 'button span' }),
    );
    expect(screen.getByTestId('location').textContent).toBe('/train-manage/batch-pay-order');
  });

  it('lists the work waiting as the server answers it, each count opening its filtered list', async () => {
    getSystemInfoMock.mockResolvedValue(buildSystemInfo());
    getHomeTodoMock.mockResolvedValue({
      items: [
        {
          key: 'refundApplies',
          title: '退款申请待审核',
          count: 2,
          page: '/invoice-manage/refund-list',
          query: { status: 'PENDING' },
        },
        {
          key: 'failedImports',
          title: '学员导入失败',
          count: 0,
          page: '/train-manage/import-student',
          query: { statuses: 'INVALID,FAILED' },
        },
      ],
    });
    // The menu grants neither list: the server decides, the page shows what it answers.
    renderScreen(<HomePage />, buildAccountInfo(['/home'], { userName: '李管理' }));
    const refunds = await screen.findByRole('link', { name: '退款申请待审核 2' });
    expect(screen.getByRole('link', { name: '学员导入失败 0' }).getAttribute('href')).toBe(
      '/train-manage/import-student?statuses=INVALID%2CFAILED',
    );
    expect(getHomeTodoMock).toHaveBeenCalledWith({ quiet: true });
    fireEvent.click(refunds);
    expect(screen.getByTestId('location').textContent).toBe('/invoice-manage/refund-list?status=PENDING');
  });

  it('refreshes the counts on 刷新, and shows no 待办事项 when there is nothing the role opens', async () => {
    getSystemInfoMock.mockResolvedValue(buildSystemInfo());
    const item = {
      key: 'refundApplies',
      title: '退款申请待审核',
      page: '/invoice-manage/refund-list',
      query: { status: 'PENDING' },
    } as const;
    getHomeTodoMock.mockResolvedValueOnce({ items: [{ ...item, count: 1 }] });
    getHomeTodoMock.mockResolvedValueOnce({ items: [{ ...item, count: 3 }] });
    getHomeTodoMock.mockResolvedValueOnce({ items: [] });
    renderScreen(<HomePage />, buildAccountInfo(['/home']));
    expect(await screen.findByRole('link', { name: '退款申请待审核 1' })).toBeTruthy();
    const refresh = () =>
      fireEvent.click(
        screen.getByText((text) => text.replace(/\s/g, '') === '刷新', { selector: 'button span' }),
      );
    refresh();
    expect(await screen.findByRole('link', { name: '退款申请待审核 3' })).toBeTruthy();
    refresh();
    await waitFor(() => expect(screen.queryByText('待办事项')).toBeNull());
  });

  it('does not ask platform staff, who work in no project', async () => {
    getSystemInfoMock.mockResolvedValue(buildSystemInfo());
    const admin = buildAccountInfo(['/home'], {
      roleSystem: 1,
      roleName: '平台管理员',
      userName: '平台管理员',
    });
    renderScreen(<HomePage />, { ...admin, projectId: null });
    expect(await screen.findByText('您好，平台管理员')).toBeTruthy();
    expect(getHomeTodoMock).not.toHaveBeenCalled();
  });
});
