import {
  deleteProject,
  getProjectSetting,
  getSystemInfo,
  listProjects,
  saveProject,
  saveProjectSetting,
  setProjectStatus,
} from './project';
import { api } from './request';

jest.mock('./request', () => ({ api: { call: jest.fn(() => Promise.resolve({ title: '平台' })) } }));

const callMock = jest.mocked(api.call);

describe('getSystemInfo', () => {
  beforeEach(() => callMock.mockClear());

  it('makes the system-info call and resolves to its answer', async () => {
    await expect(getSystemInfo()).resolves.toEqual({ title: '平台' });
    expect(callMock).toHaveBeenCalledWith('project/system-info', {});
  });

  it('passes unitId', async () => {
    await getSystemInfo(12);
    expect(callMock).toHaveBeenCalledWith('project/system-info', { unitId: 12 });
  });
});

describe('project management calls', () => {
  beforeEach(() => callMock.mockClear());

  it('send their inputs', async () => {
    await listProjects({ pageNum: 2, pageSize: 20, name: '山东' }, { quiet: true });
    expect(callMock).toHaveBeenCalledWith(
      'project/list',
      { pageNum: 2, pageSize: 20, name: '山东' },
      { quiet: true },
    );
    const project = { code: 'jinan', name: '济南', domains: ['px.jinan.cn'], isDefault: false };
    await saveProject(project);
    expect(callMock).toHaveBeenLastCalledWith('project/save', project);
    await setProjectStatus(3, 'DISABLED');
    expect(callMock).toHaveBeenLastCalledWith('project/disable', { id: 3, status: 'DISABLED' });
    await deleteProject(3);
    expect(callMock).toHaveBeenLastCalledWith('project/delete', { id: 3 });
    await getProjectSetting(3);
    expect(callMock).toHaveBeenLastCalledWith('project/get-setting', { id: 3 });
    await saveProjectSetting(3, { title: '平台' });
    expect(callMock).toHaveBeenLastCalledWith('project/save-setting', { id: 3, settings: { title: '平台' } });
  });
});
