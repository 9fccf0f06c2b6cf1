import { ROLE_SYSTEM } from '@px/config';
import { DEMO, seedDemoData } from '../../db/seed';
import { createTestApp, type TestApp } from '../../testing/app';
import { buildAccount, signIn } from '../../testing/factories';
import { Account } from './account.model';
import { findBuiltinRole } from './builtin-roles';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
  await seedDemoData(t.sequelize);
});
afterAll(() => t.close());

const tokenOf = async (accountName: string) =>
  signIn((await Account.findOne({ where: { accountName }, allTenants: true })) as Account);
const call = (path: string, token: string, body: object = {}) =>
  t.http.post(`/api/${path}.action`).set('token', token).send(body);

test('the built-in roles of the demo grant the management calls of their screens, and no others', async () => {
  const platform = await tokenOf(DEMO.accounts.platformAdmin.account);
  const admin = await tokenOf(DEMO.accounts.projectAdmin.account);
  const service = await tokenOf(DEMO.accounts.customerService.account);
  const unitManager = await tokenOf(DEMO.accounts.unitManager.account);
  const manager = await Account.findOne({
    where: { accountName: DEMO.accounts.unitManager.account },
    allTenants: true,
  });
  const { unitId, projectId } = manager as Account;
  const financeRole = await findBuiltinRole(projectId, 'finance');
  const { account: financeAccount } = await buildAccount({
    projectId,
    roleSystem: ROLE_SYSTEM.PROJECT,
    overrides: { roleId: financeRole.id },
  });
  const finance = await signIn(financeAccount);
  const freeOrder = { accountId: 1, classIds: [1], reason: '测试' };

  const expectations: [string, string, object, number][] = [
    ['project/list', platform, {}, 200],
    ['project/get-setting', platform, { id: projectId }, 200],
    ['project/list', admin, {}, 403],
    ['role/page', admin, {}, 200],
    ['account/query', admin, {}, 200],
    ['unit/list', admin, {}, 200],
    ['role/page', service, {}, 403],
    ['account/query', service, {}, 403],
    ['unit/list', service, {}, 200],
    ['unit/base', unitManager, { id: unitId }, 200],
    ['unit/list', unitManager, {}, 403],
    ['role/get-my-permission', unitManager, {}, 200],
    // Orders: finance reads and filters them; 免费开通 is for the project admin and customer service.
    ['order/page', finance, {}, 200],
    ['order/class-options', finance, {}, 200],
    ['unit/all-unit-tree', finance, {}, 200],
    ['order/student-options', finance, { keyword: '张三' }, 403],
    ['order/free-order', finance, freeOrder, 403],
    ['order/student-options', admin, { keyword: '张三' }, 200],
    ['order/student-options', service, { keyword: '张三' }, 200],
    ['order/page', service, {}, 200],
    ['student/list', admin, {}, 200],
    ['study-report/page', admin, {}, 200],
    ['student/list', service, {}, 200],
    ['study-report/page', service, {}, 200],
    ['student/list', unitManager, {}, 403],
    ['study-report/page', unitManager, {}, 403],
  ];
  for (const [path, token, body, status] of expectations) {
    const res = await call(path, token, body);
    expect({ path, status: res.status }).toEqual({ path, status });
  }
});
