import type { PartnerAppItem } from '@px/api/contract';
import { configure, fireEvent, screen, waitFor, within } from '@testing-library/react';
import {
  listPartnerApps,
  revokePartnerTokens,
  rotatePartnerSecret,
  savePartnerApp,
} from '../../../api/partner-app';
import { listProjects } from '../../../api/project';
import { showAllListColumns } from '../../../testing/list-columns';
import { buildAccountInfo } from '../../../testing/render-app';
import { ignorePseudoElementStyles, renderScreen } from '../../../testing/render-screen';
import { PartnerAppListPage } from './PartnerAppListPage';

jest.mock('../../../api/partner-app', () => ({
  listPartnerApps: jest.fn(),
  savePartnerApp: jest.fn(),
  rotatePartnerSecret: jest.fn(),
  revokePartnerTokens: jest.fn(),
}));
jest.mock('../../../api/project', () => ({ listProjects: jest.fn() }));

configure({ defaultHidden: true });
ignorePseudoElementStyles();

const ADMIN = buildAccountInfo(
  ['/home', '/project-manage/list', '/project-manage/partner-app', '/project-manage/partner-app-detail'],
  { roleSystem: 1, roleName: '平台管理员' },
);

const APP: PartnerAppItem = {
  id: 3,
  projectId: 1,
  projectName: '演示项目',
  name: '演示合作平台',
  appKey: 'pk_0123456789abcdef0123',
  allowedOrigins: ['http://localhost:8090'],
  callbackUrl: 'http://localhost:8090/px/notify',
  ipAllowList: [],
  enabled: true,
  rateLimitPerMinute: 600,
  previousSecretUntil: null,
  secretRotatedAt: null,
  callsToday: 12,
  refusedToday: 2,
  callsTotal: 40,
  lastCallAt: '2026-05-01T02:03:04.000Z',
  createdAt: '2026-05-01T02:03:04.000Z',
  canRotate: true,
  rotateRefusal: null,
  canRevokeTokens: true,
  revokeTokensRefusal: null,
};

const modal = (title: string) =>
  screen.getByText(title, { selector: '.ant-modal-title' }).closest('.ant-modal') as HTMLElement;
const buttonIn = (container: HTMLElement, text: string) =>
  within(container)
    .getByText((content) => content.replace(/\s/g, '') === text, { selector: 'button span' })
    .closest('button') as HTMLButtonElement;

beforeEach(() => {
  showAllListColumns('project-manage/partner-app');
  jest
    .mocked(listPartnerApps)
    .mockReset()
    .mockResolvedValue({ list: [APP], total: 1, pageNum: 1, pageSize: 10 });
  jest
    .mocked(listProjects)
    .mockReset()
    .mockResolvedValue({
      list: [
        {
          id: 1,
          code: 'demo',
          name: '演示项目',
          status: 'ENABLED',
          isDefault: true,
          domains: [],
          accountCount: 0,
          staffCount: 1,
          unitCount: 0,
          createdAt: '2026-05-01T02:03:04.000Z',
        },
      ],
      total: 1,
      pageNum: 1,
      pageSize: 100,
    });
  jest.mocked(savePartnerApp).mockReset();
  jest.mocked(rotatePartnerSecret).mockReset();
  jest.mocked(revokePartnerTokens).mockReset();
});

test('lists the apps with their key, origins, usage and the way to their call log', async () => {
  renderScreen(<PartnerAppListPage />, ADMIN, '/project-manage/partner-app');
  const row = (await screen.findByText('演示合作平台')).closest('tr') as HTMLElement;
  for (const text of ['演示项目', 'pk_0123456789abcdef0123', 'http://localhost:8090', '启用'])
    expect(within(row).getByText(text)).toBeTruthy();
  expect(within(row).getByText('（拒绝 2）')).toBeTruthy();
  const link = within(row).getByText('调用记录').closest('a') as HTMLAnchorElement;
  expect(link.getAttribute('href')).toBe('/project-manage/partner-app-detail?id=3');
});

test('creates an app and shows its secret once', async () => {
  jest
    .mocked(savePartnerApp)
    .mockResolvedValue({ app: { ...APP, id: 4, name: '新平台' }, secret: 'sk_shown-once' });
  renderScreen(<PartnerAppListPage />, ADMIN, '/project-manage/partner-app');
  await screen.findByText('演示合作平台');
  fireEvent.click(screen.getByText('新增合作应用'));
  await waitFor(() => expect(jest.mocked(listProjects)).toHaveBeenCalled());
  const dialog = modal('新增合作应用');
  fireEvent.mouseDown(document.querySelector('#partner-app-form_projectId') as HTMLElement);
  fireEvent.click(await screen.findByText('演示项目', { selector: '.ant-select-item-option-content' }));
  fireEvent.change(dialog.querySelector('#partner-app-form_name') as HTMLInputElement, {
    target: { value: ' 新平台 ' },
  });
  fireEvent.change(dialog.querySelector('#partner-app-form_callbackUrl') as HTMLInputElement, {
    target: { value: 'https://p.example.com/notify' },
  });
  fireEvent.click(buttonIn(dialog, '保存'));
  await waitFor(() =>
    expect(jest.mocked(savePartnerApp)).toHaveBeenCalledWith({
      projectId: 1,
      name: '新平台',
      allowedOrigins: [],
      callbackUrl: 'https://p.example.com/notify',
      ipAllowList: [],
      enabled: true,
      rateLimitPerMinute: 600,
    }),
  );
  expect((await screen.findByTestId('partner-secret')).textContent).toContain('sk_shown-once');
});

test('rotates the secret with the chosen overlap and shows the new one', async () => {
  jest.mocked(rotatePartnerSecret).mockResolvedValue({
    app: { ...APP, previousSecretUntil: '2026-05-02T02:03:04.000Z' },
    secret: 'sk_rotated',
  });
  renderScreen(<PartnerAppListPage />, ADMIN, '/project-manage/partner-app');
  const row = (await screen.findByText('演示合作平台')).closest('tr') as HTMLElement;
  fireEvent.click(buttonIn(row, '轮换密钥'));
  fireEvent.click(buttonIn(modal('轮换密钥：演示合作平台'), '生成新密钥'));
  await waitFor(() =>
    expect(jest.mocked(rotatePartnerSecret)).toHaveBeenCalledWith({ id: 3, overlapMinutes: 1440 }),
  );
  expect((await screen.findByTestId('partner-secret')).textContent).toContain('sk_rotated');
  expect(screen.getByText('旧密钥有效至')).toBeTruthy();
});
