import {
  deleteAccount,
  getUnitOptions,
  queryAccounts,
  resetAccountPassword,
  saveAccount,
  setAccountStatus,
} from './account';
import { request } from './request';

jest.mock('./request', () => ({ request: jest.fn(() => Promise.resolve(null)) }));

const requestMock = jest.mocked(request);
const post = (url: string, data?: unknown) => ({
  url,
  method: 'post',
  ...(data === undefined ? {} : { data }),
});

beforeEach(() => requestMock.mockClear());

describe('account calls', () => {
  it('sends the administrator list calls with their payloads in the body', async () => {
    await queryAccounts({ pageNum: 1, pageSize: 10, status: 'ENABLED' });
    expect(requestMock).toHaveBeenLastCalledWith(
      post('/account/query.action', { pageNum: 1, pageSize: 10, status: 'ENABLED' }),
    );
    const account = { accountName: 'li', realName: '李', roleId: 2, password: 'ENC' };
    await saveAccount(account);
    expect(requestMock).toHaveBeenLastCalledWith(post('/account/add.action', account));
    await setAccountStatus(4, 'DISABLED');
    expect(requestMock).toHaveBeenLastCalledWith(
      post('/account/disable.action', { id: 4, status: 'DISABLED' }),
    );
    await deleteAccount(4);
    expect(requestMock).toHaveBeenLastCalledWith(post('/account/delete.action', { id: 4 }));
    await getUnitOptions();
    expect(requestMock).toHaveBeenLastCalledWith(post('/unit/all-unit-tree.action'));
  });

  it('resets a password to a given (encrypted) one or, without one, to a random one', async () => {
    await resetAccountPassword(4, 'ENC');
    expect(requestMock).toHaveBeenLastCalledWith(
      post('/account/reset-password.action', { id: 4, password: 'ENC' }),
    );
    await resetAccountPassword(4);
    expect(requestMock).toHaveBeenLastCalledWith(post('/account/reset-password.action', { id: 4 }));
  });
});
