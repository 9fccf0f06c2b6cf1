import { callUrl } from '@px/config';
import { api } from './request';
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

jest.mock('./request', () => ({ api: { call: jest.fn(() => Promise.resolve({ answered: true })) } }));

const callMock = jest.mocked(api.call);
/** The URL of the last call and what it sent (its JSON body, then its options). */
const sent = () => {
  const [key, ...rest] = callMock.mock.lastCall ?? [];
  return [callUrl(String(key)), ...rest];
};

beforeEach(() => callMock.mockClear());

describe('official account calls', () => {
  it('post their inputs as JSON bodies to the wxapp actions and resolve to the answer', async () => {
    await expect(
      listWxapps({ pageNum: 2, pageSize: 20, keyword: '服务号', status: 'ENABLED' }, { quiet: true }),
    ).resolves.toEqual({ answered: true });
    expect(sent()).toEqual([
      '/wxapp/list.action',
      { pageNum: 2, pageSize: 20, keyword: '服务号', status: 'ENABLED' },
      { quiet: true },
    ]);
    await getWxapp(4);
    expect(sent()).toEqual(['/wxapp/get.action', { id: 4 }]);
    const payload = {
      id: 4,
      name: '测试服务号',
      appId: 'wx0123456789abcdef',
      pushToken: 'token123',
      pushMode: 'plain' as const,
    };
    await saveWxapp(payload);
    expect(sent()).toEqual(['/wxapp/save.action', payload]);
    await setWxappStatus(4, 'DISABLED');
    expect(sent()).toEqual(['/wxapp/disable.action', { id: 4, status: 'DISABLED' }]);
    await deleteWxapp(4);
    expect(sent()).toEqual(['/wxapp/delete.action', { id: 4 }]);
    await configWxappProjects(4, [1, 2]);
    expect(sent()).toEqual(['/wxapp/config-project-list.action', { id: 4, projectIds: [1, 2] }]);
    await getWxappQrCode(4);
    expect(sent()).toEqual(['/wxapp/qr-code.action', { id: 4 }]);
  });

  it('post the bindings calls with the official account id', async () => {
    await listWxappBindings({ id: 4, keyword: '王', pageNum: 1, pageSize: 10 });
    expect(sent()).toEqual(['/wxapp/bindings.action', { id: 4, keyword: '王', pageNum: 1, pageSize: 10 }]);
    await checkWxappFollow(4, 9);
    expect(sent()).toEqual(['/wxapp/check-follow.action', { id: 4, accountId: 9 }]);
    const openId = 'oAbCdEfGhIjKlMnOpQrStUvWxYz0';
    await bindWxappOpenId({ id: 4, accountId: 9, openId });
    expect(sent()).toEqual(['/wxapp/bind.action', { id: 4, accountId: 9, openId }]);
    await unbindWxappOpenId(4, openId);
    expect(sent()).toEqual(['/wxapp/unbind.action', { id: 4, openId }]);
  });
});

describe('unit registration calls', () => {
  it('ask for the unit QR code and the registered students by unit id', async () => {
    await getUnitRegisterQrCode(5);
    expect(sent()).toEqual(['/unit/h5-register-qr-code.action', { unitId: 5 }]);
    await listUnitRegisterStudents({ unitId: 5, pageNum: 3, pageSize: 20 }, { quiet: true });
    expect(sent()).toEqual([
      '/unit/register-students.action',
      { unitId: 5, pageNum: 3, pageSize: 20 },
      { quiet: true },
    ]);
  });
});
