import type { SharedResourceItem } from '@px/api/contract';
import { configure, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { copySharedResource, querySharedResources } from '../../../api/shared-resource';
import { buildAccountInfo } from '../../../testing/render-app';
import { ignorePseudoElementStyles, renderScreen } from '../../../testing/render-screen';
import { buildVideo, button, rowOf } from '../components/screen-testing';
import { SharedLibraryPage } from './SharedLibraryPage';

jest.mock('../../../api/shared-resource', () => ({
  querySharedResources: jest.fn(),
  getSharedResourcePlayUrl: jest.fn(),
  copySharedResource: jest.fn(),
  listShareCandidates: jest.fn(),
  shareResource: jest.fn(),
  renameSharedResource: jest.fn(),
  deleteSharedResource: jest.fn(),
}));
jest.mock('../../../api/project', () => ({
  listProjects: jest.fn().mockResolvedValue({ list: [], total: 0, pageNum: 1, pageSize: 100 }),
}));

configure({ defaultHidden: true });
ignorePseudoElementStyles();

const queryMock = jest.mocked(querySharedResources);
const copyMock = jest.mocked(copySharedResource);
const PAGES = ['/home', '/resource-manage', '/resource-manage/shared-library'];

function shared(overrides: Partial<SharedResourceItem>): SharedResourceItem {
  return {
    id: 40,
    type: 'video',
    name: '消防器材使用演示',
    fileName: 'fire-drill.mp4',
    contentType: 'video/mp4',
    size: 52_000,
    durationSeconds: 8,
    width: 320,
    height: 180,
    status: 'READY',
    copiedResourceId: null,
    copyCount: null,
    createdAt: '2026-12-01T02:00:00.000Z',
    updatedAt: '2026-12-01T02:00:00.000Z',
    abilities: {
      canEdit: false,
      editRefusal: '共享资源只读',
      canDelete: false,
      deleteRefusal: '共享资源只读',
      canUse: true,
      useRefusal: null,
    },
    ...overrides,
  };
}
const page = (list: SharedResourceItem[]) => ({ list, total: list.length, pageNum: 1, pageSize: 10 });

beforeEach(() => jest.clearAllMocks());

describe('SharedLibraryPage', () => {
  it('project staff see the library read-only and copy a video with 使用', async () => {
    queryMock.mockResolvedValue(page([shared({})]));
    copyMock.mockResolvedValue({
      resource: { ...buildVideo(), id: 90, name: '消防器材使用演示' },
      created: true,
    });
    renderScreen(<SharedLibraryPage />, buildAccountInfo(PAGES), '/resource-manage/shared-library');
    await screen.findByText('未使用');
    const row = rowOf('消防器材使用演示');
    expect(within(row).queryByRole('button', { name: /重\s*命\s*名/ })).toBeNull();
    expect(within(row).queryByRole('button', { name: /删\s*除/ })).toBeNull();
    expect(screen.queryByRole('button', { name: /从项目添加/ })).toBeNull();

    queryMock.mockResolvedValue(page([shared({ copiedResourceId: 90 })]));
    fireEvent.click(button(row, '使用'));
    await waitFor(() => expect(copyMock).toHaveBeenCalledWith(40));
    await screen.findByText('已复制到本项目的视频资源：「消防器材使用演示」');
    await screen.findByText('已在本项目');
    expect(within(rowOf('消防器材使用演示')).getByRole('button', { name: /到视频资源查看/ })).toBeTruthy();
  });

  it('platform staff add from a project, rename and delete, and are offered no 使用', async () => {
    queryMock.mockResolvedValue(
      page([
        shared({
          copyCount: 2,
          abilities: {
            canEdit: true,
            editRefusal: null,
            canDelete: true,
            deleteRefusal: null,
            canUse: false,
            useRefusal: '平台账号不属于任何项目，不能复制到项目',
          },
        }),
      ]),
    );
    renderScreen(
      <SharedLibraryPage />,
      buildAccountInfo(PAGES, { roleSystem: 1, roleName: '平台管理员' }),
      '/resource-manage/shared-library',
    );
    await screen.findByText('2 个项目已使用');
    const row = rowOf('消防器材使用演示');
    expect(within(row).getByRole('button', { name: /重\s*命\s*名/ })).toBeTruthy();
    expect(within(row).getByRole('button', { name: /删\s*除/ })).toBeTruthy();
    expect(within(row).queryByRole('button', { name: /^使\s*用$/ })).toBeNull();
    expect(screen.getByRole('button', { name: /从项目添加/ })).toBeTruthy();
  });
});
