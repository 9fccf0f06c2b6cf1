import { request } from './request';
import { getSmsOutbox } from './sms';
import { getSuperAccountAccounts, getSuperAccountProjects, signInAs } from './super-account';

jest.mock('./request', () => ({ request: jest.fn(() => Promise.resolve(null)) }));

const requestMock = jest.mocked(request);

beforeEach(() => requestMock.mockClear());

describe('super account calls', () => {
  it('lists projects and accounts and signs in as one', async () => {
    await getSuperAccountProjects();
    expect(requestMock).toHaveBeenLastCalledWith({ url: '/super-account/projects.action', method: 'post' });
    await getSuperAccountAccounts({ projectId: 1, pageNum: 1, pageSize: 10, keyword: '王' });
    expect(requestMock).toHaveBeenLastCalledWith({
      url: '/super-account/accounts.action',
      method: 'post',
      data: { projectId: 1, pageNum: 1, pageSize: 10, keyword: '王' },
    });
    await signInAs(9);
    expect(requestMock).toHaveBeenLastCalledWith({
      url: '/super-account/sign-in-as.action',
      method: 'post',
      data: { accountId: 9 },
    });
  });
});

describe('sms outbox call', () => {
  it('reads a page of the outbox', async () => {
    await getSmsOutbox({ pageNum: 1, pageSize: 10, mobile: '138' });
    expect(requestMock).toHaveBeenLastCalledWith({
      url: '/sms/outbox.action',
      method: 'post',
      data: { pageNum: 1, pageSize: 10, mobile: '138' },
    });
  });
});
