import { ADMIN_MENU_URLS, ROLE_SYSTEM } from '@px/config';
import { QueryTypes, type Sequelize } from 'sequelize';
import { createTestApp, type TestApp } from '../testing/app';
import { buildAccount, buildProject, signIn } from '../testing/factories';
import { DEMO, seedDemoData } from './seed';
import { withBypass } from './tenant-access';

/*
 * Issue 28, "removing the projectId filter from any query returns no other project's rows", shown
 * on three raw-SQL reads that list a whole project (no id of the caller narrows them): the exam
 * scores, the class-change applications and the unit workspace's counts. A mutation drops every
 * `project_id = :projectId` from those statements as they are sent. With the database's policies
 * the calls of the second project still answer nothing of the first; the same mutated statements
 * run past the policies (a bypass, standing for a database without them) do answer the first
 * project's rows, so the check has teeth and the policies are what holds.
 */

let app: TestApp;
let staffOfB: string;
const A_STUDENT = DEMO.accounts.student.name;

/** The three reads, told apart by what their statements read. */
const MUTATED_READS = [
  /FROM my_class mc\s+JOIN train_class tc/,
  /change_class_apply c/,
  /FROM unit_class uc|FROM batch_order b|FROM unit_import i/,
];
const PROJECT_FILTER = /\b(?:\w+\.)?project_id = :projectId\b/g;

let mutation: 'off' | 'filter dropped' | 'filter dropped, no policies' = 'off';

/** Sends every statement through the mutation of the moment. */
function mutate(sequelize: Sequelize): void {
  const query = sequelize.query.bind(sequelize) as (sql: unknown, options?: unknown) => Promise<unknown>;
  (sequelize as unknown as { query: typeof query }).query = (sql, options) => {
    if (mutation === 'off' || typeof sql !== 'string' || !MUTATED_READS.some((read) => read.test(sql)))
      return query(sql, options);
    const dropped = sql.replace(PROJECT_FILTER, 'TRUE');
    expect(dropped).not.toBe(sql);
    return mutation === 'filter dropped'
      ? query(dropped, options)
      : withBypass('mutation test: a database without policies', () => query(dropped, options));
  };
}

const call = async (path: string, body: object = {}) => {
  const response = await app.http.post(`/api/${path}.action`).set('token', staffOfB).send(body);
  expect(response.body.respCode).toBe(200);
  return response.body.attribute;
};

beforeAll(async () => {
  app = await createTestApp();
  await seedDemoData(app.sequelize);
  const one = async <T extends object>(sql: string, replacements: Record<string, unknown> = {}) => {
    const [row] = await app.sequelize.query<T>(sql, { replacements, type: QueryTypes.SELECT });
    if (!row) throw new Error(`no row: ${sql}`);
    return row;
  };
  // Project A (the demo) gets an exam enrolment and a class-change application of 张三.
  const student = await one<{ id: number; project_id: number }>(
    'SELECT id, project_id FROM account WHERE real_name = :name AND role_system = 3',
    { name: A_STUDENT },
  );
  const examClass = await one<{ id: number }>('SELECT id FROM train_class WHERE name = :name', {
    name: DEMO.examClass,
  });
  await app.sequelize.query(
    "INSERT INTO my_class (project_id, account_id, class_id, status) VALUES (:project, :account, :class, 'STUDYING')",
    { replacements: { project: student.project_id, account: student.id, class: examClass.id } },
  );
  const paid = await one<{ my_class_id: number; class_id: number; order_id: number }>(
    `SELECT poi.my_class_id, poi.class_id, po.id AS order_id FROM pay_order po JOIN pay_order_item poi ON poi.order_id = po.id
      WHERE po.account_id = :account AND po.status = 'PAID' AND poi.my_class_id IS NOT NULL ORDER BY po.id LIMIT 1`,
    { account: student.id },
  );
  const other = await one<{ id: number }>(
    'SELECT id FROM train_class WHERE project_id = :project AND id <> :class LIMIT 1',
    {
      project: student.project_id,
      class: paid.class_id,
    },
  );
  await app.sequelize.query(
    `INSERT INTO change_class_apply (project_id, account_id, my_class_id, from_class_id, to_class_id, order_id,
       paid_fen, to_amount_fen, progress_percent, status, reason, created_at, updated_at)
     VALUES (:project, :account, :myClass, :from, :to, :order, 0, 0, 0, 'PENDING', '演示转班', now(), now())`,
    {
      replacements: {
        project: student.project_id,
        account: student.id,
        myClass: paid.my_class_id,
        from: paid.class_id,
        to: other.id,
        order: paid.order_id,
      },
    },
  );
  // Project B: a member of staff granted every page, and nothing else.
  const b = await buildProject();
  const staff = await buildAccount({
    projectId: b.id,
    roleSystem: ROLE_SYSTEM.PROJECT,
    menu: [...ADMIN_MENU_URLS],
  });
  staffOfB = await signIn(staff.account);
  mutate(app.sequelize);
}, 120_000);

afterEach(() => {
  mutation = 'off';
});

afterAll(() => app.close());

const PAGE = { pageNum: 1, pageSize: 50 };

test.each([
  [
    'exam-score/page',
    (answer: { total: number; list: { studentName: string }[] }) => answer.list.map((row) => row.studentName),
  ],
  [
    'change-class/page',
    (answer: { total: number; list: { realName: string }[] }) => answer.list.map((row) => row.realName),
  ],
] as const)('%s: without the project filter, project B still sees none of A’s rows', async (path, names) => {
  expect(names(await call(path, PAGE))).toEqual([]);
  mutation = 'filter dropped';
  expect(names(await call(path, PAGE))).toEqual([]);
  // The same mutated statement past the policies lists A's student: the check would catch a leak.
  mutation = 'filter dropped, no policies';
  expect(names(await call(path, PAGE))).toContain(A_STUDENT);
});

test('unit-workspace/overview: without the project filter, project B counts none of A’s unit classes, students, batches', async () => {
  const empty = await call('unit-workspace/overview');
  expect(empty).toMatchObject({ unitClasses: 0, students: 0, unpaidBatches: 0 });
  mutation = 'filter dropped';
  expect(await call('unit-workspace/overview')).toEqual(empty);
  mutation = 'filter dropped, no policies';
  const leaked = await call('unit-workspace/overview');
  expect(leaked.unitClasses).toBeGreaterThan(0);
  expect(leaked.unpaidBatches).toBeGreaterThan(0);
});
