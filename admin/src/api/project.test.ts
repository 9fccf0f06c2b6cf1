import {
  deleteProject,
  getProjectSetting,
  getSystemInfo,
  listProjects,
  saveProject,
  saveProjectSetting,
  setProjectStatus,
} from './project';
import { request } from './request';

jest.mock('./request', () => ({ request: jest.fn(() => Promise.resolve({ title: '平台' })) }));

describe('getSystemInfo', () => {
  beforeEach(() => jest.mocked(request).mockClear());

  it('posts the system-info call and resolves to its answer', async () => {
    await expect(getSystemInfo()).resolves.toEqual({ title: '平台' });
    expect(request).toHaveBeenCalledWith({
      url: '/project/system-info.action',
      method: 'post',
      params: undefined,
    });
  });

  it('passes unitId as a query parameter', async () => {
    await getSystemInfo(12);
    expect(request).toHaveBeenCalledWith(expect.objectContaining({ params: { unitId: 12 } }));
  });
});

describe('project management calls', () => {
  beforeEach(() => jest.mocked(request).mockClear());

  it('post their inputs in the body', async () => {
    await listProjects({ pageNum: 2, pageSize: 20, name: '山东' }, { quiet: true });
    expect(jest.mocked(request)).toHaveBeenCalledWith(
      { url: '/project/list.action', method: 'post', data: { pageNum: 2, pageSize: 20, name: '山东' } },
      { quiet: true },
    );
    const project = { code: 'jinan', name: '济南', domains: ['px.jinan.cn'], isDefault: false };
    await saveProject(project);
    expect(jest.mocked(request)).toHaveBeenLastCalledWith({
      url: '/project/save.action',
      method: 'post',
      data: project,
    });
    await setProjectStatus(3, 'DISABLED');
    expect(jest.mocked(request)).toHaveBeenLastCalledWith({
      url: '/project/disable.action',
      method: 'post',
      data: { id: 3, status: 'DISABLED' },
    });
    await deleteProject(3);
    expect(jest.mocked(request)).toHaveBeenLastCalledWith({
      url: '/project/delete.action',
      method: 'post',
      data: { id: 3 },
    });
    await getProjectSetting(3);
    expect(jest.mocked(request)).toHaveBeenLastCalledWith({
      url: '/project/get-setting.action',
      method: 'post',
      data: { id: 3 },
    });
    await saveProjectSetting(3, { title: '平台' });
    expect(jest.mocked(request)).toHaveBeenLastCalledWith({
      url: '/project/save-setting.action',
      method: 'post',
      data: { id: 3, settings: { title: '平台' } },
    });
  });
});
