import { callUrl } from '@px/config';
import { api } from './request';
import { getSmsOutbox } from './sms';
import { getSuperAccountAccounts, getSuperAccountProjects, signInAs } from './super-account';

jest.mock('./request', () => ({ api: { call: jest.fn(() => Promise.resolve(null)) } }));

const callMock = jest.mocked(api.call);
/** The URL of the last call and what it sent (its JSON body, then its options). */
const sent = () => {
  const [key, ...rest] = callMock.mock.lastCall ?? [];
  return [callUrl(String(key)), ...rest];
};

beforeEach(() => callMock.mockClear());

describe('super account calls', () => {
  it('lists projects and accounts and signs in as one', async () => {
    await getSuperAccountProjects();
    expect(sent()).toEqual(['/super-account/projects.action']);
    await getSuperAccountAccounts({ projectId: 1, pageNum: 1, pageSize: 10, keyword: '王' });
    expect(sent()).toEqual([
      '/super-account/accounts.action',
      { projectId: 1, pageNum: 1, pageSize: 10, keyword: '王' },
    ]);
    await signInAs(9);
    expect(sent()).toEqual(['/super-account/sign-in-as.action', { accountId: 9 }]);
  });
});

describe('sms outbox call', () => {
  it('reads a page of the outbox', async () => {
    await getSmsOutbox({ pageNum: 1, pageSize: 10, mobile: '138' });
    expect(sent()).toEqual(['/sms/outbox.action', { pageNum: 1, pageSize: 10, mobile: '138' }]);
  });
});
