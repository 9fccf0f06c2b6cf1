import type { ClassDetail } from '@px/api/contract';
import { buildSystemInfo } from '@px/test/jest/system-info';
import { configure, fireEvent, screen, waitFor } from '@testing-library/react';
import { getClassCategoryTree } from '../../../api/class-category';
import { getAccountInfo } from '../../../api/login';
import { getSystemInfo } from '../../../api/project';
import { getClass, listClasses } from '../../../api/train-class';
import { listTrainPlans } from '../../../api/train-plan';
import { buildAccountInfo, renderApp, setTokenCookie } from '../../../testing/render-app';
import { stubComputedStyles } from '../../../testing/render-screen';
import { buildClass, buildPlan, CLASS_STAFF, CLASS_TREE } from './class-test-data';

// Button-level access on 班级管理 follows the grants the route guard and the API check: 新建 and
// 编辑 open the class editor (班级详情), a page granted on its own.

jest.mock('../../../api/login', () => ({ getAccountInfo: jest.fn(), loginOut: jest.fn() }));
jest.mock('../../../api/project', () => ({ getSystemInfo: jest.fn() }));
jest.mock('../../../api/train-class', () => ({ listClasses: jest.fn(), getClass: jest.fn() }));
jest.mock('../../../api/train-plan', () => ({ listTrainPlans: jest.fn() }));
jest.mock('../../../api/regulator', () => ({ countPushable: jest.fn(), pushClasses: jest.fn() }));
jest.mock('../../../api/class-category', () => ({ getClassCategoryTree: jest.fn() }));
jest.mock('../../../api/certificate', () => ({
  listCertificateTemplates: jest.fn(() => new Promise(() => undefined)),
}));
jest.mock('../../../api/course', () => ({
  queryCourses: jest.fn(() => new Promise(() => undefined)),
  courseCategoryCalls: { tree: jest.fn(() => new Promise(() => undefined)) },
}));

configure({ defaultHidden: true });
stubComputedStyles();

const CLASS = buildClass();
const LIST_ONLY = buildAccountInfo(['/home', '/train-manage/class']);
const location = () => screen.getByTestId('location').textContent;
const editLink = () => screen.queryByRole('link', { name: '编辑' });
const createButton = () => screen.queryByRole('button', { name: /新建班级/ });

beforeAll(() => {
  window.scrollTo = jest.fn();
});

beforeEach(() => {
  setTokenCookie('tok');
  jest.mocked(getSystemInfo).mockResolvedValue(buildSystemInfo());
  jest.mocked(listClasses).mockResolvedValue({ list: [CLASS], total: 1, pageNum: 1, pageSize: 10 });
  jest
    .mocked(listTrainPlans)
    .mockResolvedValue({ list: [buildPlan(10, '建筑业继续教育计划')], total: 1, pageNum: 1, pageSize: 100 });
  jest.mocked(getClassCategoryTree).mockResolvedValue(CLASS_TREE);
  jest
    .mocked(getClass)
    .mockReset()
    .mockReturnValue(new Promise<ClassDetail>(() => undefined));
});

afterEach(() => setTokenCookie(undefined));

it('a role granted the class list without the editor sees the list without 新建/编辑 and is refused the editor', async () => {
  jest.mocked(getAccountInfo).mockResolvedValue(LIST_ONLY);
  const { unmount } = renderApp('/train-manage/class');
  expect(await screen.findByText(CLASS.name)).toBeTruthy();
  expect(screen.getByRole('button', { name: /导\s*出/ })).toBeTruthy();
  expect(createButton()).toBeNull();
  expect(editLink()).toBeNull();
  expect(screen.queryByRole('link', { name: CLASS.name })).toBeNull();
  unmount();

  renderApp(`/train-manage/train-class-detail?id=${CLASS.id}`);
  expect(await screen.findByText('抱歉，您没有访问该页面的权限，如需开通请联系管理员')).toBeTruthy();
  expect(location()).toBe('/401');
  expect(getClass).not.toHaveBeenCalled();
});

it('a role granted both sees 新建/编辑 and opens the editor', async () => {
  jest.mocked(getAccountInfo).mockResolvedValue(CLASS_STAFF);
  renderApp('/train-manage/class');
  expect(await screen.findByText(CLASS.name)).toBeTruthy();
  expect(createButton()).toBeTruthy();
  fireEvent.click(editLink() as HTMLElement);
  await waitFor(() => expect(location()).toBe(`/train-manage/train-class-detail?id=${CLASS.id}`));
  await waitFor(() => expect(getClass).toHaveBeenCalled());
  expect(jest.mocked(getClass).mock.calls[0]?.[0]).toBe(CLASS.id);
});
