import { request } from './request';
import { deleteRole, findRole, pageRoles, queryRoles, saveRole } from './role';

jest.mock('./request', () => ({ request: jest.fn(() => Promise.resolve(null)) }));

const requestMock = jest.mocked(request);

beforeEach(() => requestMock.mockClear());

describe('role calls', () => {
  it('queries every role, or those of one role system', async () => {
    await queryRoles();
    expect(requestMock).toHaveBeenLastCalledWith({ url: '/role/query.action', method: 'post', data: {} });
    await queryRoles(4);
    expect(requestMock).toHaveBeenLastCalledWith({
      url: '/role/query.action',
      method: 'post',
      data: { roleSystem: 4 },
    });
  });

  it('pages, finds, saves and deletes with the payload in the body', async () => {
    await pageRoles({ pageNum: 2, pageSize: 20, name: '客服' });
    expect(requestMock).toHaveBeenLastCalledWith({
      url: '/role/page.action',
      method: 'post',
      data: { pageNum: 2, pageSize: 20, name: '客服' },
    });
    await findRole(5);
    expect(requestMock).toHaveBeenLastCalledWith({
      url: '/role/find.action',
      method: 'post',
      data: { id: 5 },
    });
    const role = { id: 5, name: '审核员', roleSystem: 2 as const, menu: ['/home'], remark: '' };
    await saveRole(role);
    expect(requestMock).toHaveBeenLastCalledWith({ url: '/role/save.action', method: 'post', data: role });
    await deleteRole(5);
    expect(requestMock).toHaveBeenLastCalledWith({
      url: '/role/delete.action',
      method: 'post',
      data: { id: 5 },
    });
  });
});
