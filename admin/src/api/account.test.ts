import { callUrl } from '@px/config';
import {
  deleteAccount,
  getUnitOptions,
  queryAccounts,
  resetAccountPassword,
  saveAccount,
  setAccountStatus,
} from './account';
import { api, request } from './request';

jest.mock('./request', () => ({
  api: { call: jest.fn(() => Promise.resolve(null)) },
  request: jest.fn(() => Promise.resolve(null)),
}));

const callMock = jest.mocked(api.call);
const requestMock = jest.mocked(request);
/** The URL of the last call and what it sent (its JSON body, then its options). */
const sent = () => {
  const [key, ...rest] = callMock.mock.lastCall ?? [];
  return [callUrl(String(key)), ...rest];
};

beforeEach(() => {
  callMock.mockClear();
  requestMock.mockClear();
});

describe('account calls', () => {
  it('sends the administrator list calls with their payloads in the body', async () => {
    await queryAccounts({ pageNum: 1, pageSize: 10, status: 'ENABLED' });
    expect(sent()).toEqual(['/account/query.action', { pageNum: 1, pageSize: 10, status: 'ENABLED' }]);
    const account = { accountName: 'li', realName: '李', roleId: 2, password: 'ENC' };
    await saveAccount(account);
    expect(sent()).toEqual(['/account/add.action', account]);
    await setAccountStatus(4, 'DISABLED');
    expect(sent()).toEqual(['/account/disable.action', { id: 4, status: 'DISABLED' }]);
    await deleteAccount(4);
    expect(sent()).toEqual(['/account/delete.action', { id: 4 }]);
    await getUnitOptions();
    expect(requestMock).toHaveBeenLastCalledWith({ url: '/unit/all-unit-tree.action', method: 'post' });
  });

  it('resets a password to a given (encrypted) one or, without one, to a random one', async () => {
    await resetAccountPassword(4, 'ENC');
    expect(sent()).toEqual(['/account/reset-password.action', { id: 4, password: 'ENC' }]);
    await resetAccountPassword(4);
    expect(sent()).toEqual(['/account/reset-password.action', { id: 4 }]);
  });
});
