import { request } from './request';
import { getUnitRegisterQrCode, listUnitRegisterStudents } from './unit';
import {
  bindWxappOpenId,
  checkWxappFollow,
  configWxappProjects,
  deleteWxapp,
  getWxapp,
  getWxappQrCode,
  listWxappBindings,
  listWxapps,
  saveWxapp,
  setWxappStatus,
  unbindWxappOpenId,
} from './wxapp';

jest.mock('./request', () => ({ request: jest.fn(() => Promise.resolve({ answered: true })) }));

const requestMock = jest.mocked(request);

beforeEach(() => requestMock.mockClear());

const post = (url: string, data: unknown) => ({ url, method: 'post', data });

describe('official account calls', () => {
  it('post their inputs as JSON bodies to the wxapp actions and resolve to the answer', async () => {
    await expect(
      listWxapps({ pageNum: 2, pageSize: 20, keyword: '服务号', status: 'ENABLED' }, { quiet: true }),
    ).resolves.toEqual({ answered: true });
    expect(requestMock).toHaveBeenLastCalledWith(
      post('/wxapp/list.action', { pageNum: 2, pageSize: 20, keyword: '服务号', status: 'ENABLED' }),
      { quiet: true },
    );
    await getWxapp(4);
    expect(requestMock).toHaveBeenLastCalledWith(post('/wxapp/get.action', { id: 4 }));
    const payload = {
      id: 4,
      name: '测试服务号',
      appId: 'wx0123456789abcdef',
      pushToken: 'token123',
      pushMode: 'plain' as const,
    };
    await saveWxapp(payload);
    expect(requestMock).toHaveBeenLastCalledWith(post('/wxapp/save.action', payload));
    await setWxappStatus(4, 'DISABLED');
    expect(requestMock).toHaveBeenLastCalledWith(
      post('/wxapp/disable.action', { id: 4, status: 'DISABLED' }),
    );
    await deleteWxapp(4);
    expect(requestMock).toHaveBeenLastCalledWith(post('/wxapp/delete.action', { id: 4 }));
    await configWxappProjects(4, [1, 2]);
    expect(requestMock).toHaveBeenLastCalledWith(
      post('/wxapp/config-project-list.action', { id: 4, projectIds: [1, 2] }),
    );
    await getWxappQrCode(4);
    expect(requestMock).toHaveBeenLastCalledWith(post('/wxapp/qr-code.action', { id: 4 }));
  });

  it('post the bindings calls with the official account id', async () => {
    await listWxappBindings({ id: 4, keyword: '王', pageNum: 1, pageSize: 10 });
    expect(requestMock).toHaveBeenLastCalledWith(
      post('/wxapp/bindings.action', { id: 4, keyword: '王', pageNum: 1, pageSize: 10 }),
    );
    await checkWxappFollow(4, 9);
    expect(requestMock).toHaveBeenLastCalledWith(post('/wxapp/check-follow.action', { id: 4, accountId: 9 }));
    const openId = 'oAbCdEfGhIjKlMnOpQrStUvWxYz0';
    await bindWxappOpenId({ id: 4, accountId: 9, openId });
    expect(requestMock).toHaveBeenLastCalledWith(post('/wxapp/bind.action', { id: 4, accountId: 9, openId }));
    await unbindWxappOpenId(4, openId);
    expect(requestMock).toHaveBeenLastCalledWith(post('/wxapp/unbind.action', { id: 4, openId }));
  });
});

describe('unit registration calls', () => {
  it('ask for the unit QR code and the registered students by unit id', async () => {
    await getUnitRegisterQrCode(5);
    expect(requestMock).toHaveBeenLastCalledWith(post('/unit/h5-register-qr-code.action', { unitId: 5 }));
    await listUnitRegisterStudents({ unitId: 5, pageNum: 3, pageSize: 20 }, { quiet: true });
    expect(requestMock).toHaveBeenLastCalledWith(
      post('/unit/register-students.action', { unitId: 5, pageNum: 3, pageSize: 20 }),
      { quiet: true },
    );
  });
});
