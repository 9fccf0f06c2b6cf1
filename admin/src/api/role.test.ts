import { callUrl } from '@px/config';
import { api } from './request';
import { deleteRole, findRole, pageRoles, queryRoles, saveRole } from './role';

jest.mock('./request', () => ({ api: { call: jest.fn(() => Promise.resolve(null)) } }));

const callMock = jest.mocked(api.call);
/** The URL of the last call and what it sent (its JSON body, then its options). */
const sent = () => {
  const [key, ...rest] = callMock.mock.lastCall ?? [];
  return [callUrl(String(key)), ...rest];
};

beforeEach(() => callMock.mockClear());

describe('role calls', () => {
  it('queries every role, or those of one role system', async () => {
    await queryRoles();
    expect(sent()).toEqual(['/role/query.action', {}]);
    await queryRoles(4);
    expect(sent()).toEqual(['/role/query.action', { roleSystem: 4 }]);
  });

  it('pages, finds, saves and deletes with the payload in the body', async () => {
    await pageRoles({ pageNum: 2, pageSize: 20, name: '客服' });
    expect(sent()).toEqual(['/role/page.action', { pageNum: 2, pageSize: 20, name: '客服' }]);
    await findRole(5);
    expect(sent()).toEqual(['/role/find.action', { id: 5 }]);
    const role = { id: 5, name: '审核员', roleSystem: 2 as const, menu: ['/home'], remark: '' };
    await saveRole(role);
    expect(sent()).toEqual(['/role/save.action', role]);
    await deleteRole(5);
    expect(sent()).toEqual(['/role/delete.action', { id: 5 }]);
  });
});
