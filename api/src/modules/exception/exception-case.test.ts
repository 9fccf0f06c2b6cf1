import { ROLE_SYSTEM } from '@px/config';
import { EXCEPTION_CASE_MESSAGES as M } from '../../contract/exception-register';
import { createTestApp, type TestApp } from '../../testing/app';
import { buildAccount, buildProject, signIn } from '../../testing/factories';
import { encodePng } from '../storage/png';
import { useTestFileStorage } from '../storage/test-storage';

// 异常登记 (issue 24): a student's case is registered with images, assigned, and moved by its
// assignee 待处理 → 处理中 → 已处理, each step a note; refusals by state, assignee and project.

let t: TestApp;
const storage = useTestFileStorage('exception-case');
beforeAll(async () => {
  t = await createTestApp({ providers: { storage: storage.storage } });
});
afterAll(() => t.close());

const PAGE = '/customer/exception-register';
const post = (path: string, token: string, body: object) =>
  t.http.post(`/api/${path}.action`).set('token', token).send(body);
const png = encodePng(8, 8, (x, y) => [x * 30, y * 30, 99]);

async function world() {
  const project = await buildProject();
  const { account: student } = await buildAccount({
    projectId: project.id,
    roleSystem: ROLE_SYSTEM.STUDENT,
    overrides: { realName: '异常学员' },
  });
  const staffOf = async (realName: string, menu = ['/customer', PAGE]) => {
    const { account } = await buildAccount({
      projectId: project.id,
      roleSystem: ROLE_SYSTEM.PROJECT,
      menu,
      overrides: { realName },
    });
    return { id: account.id, token: await signIn(account) };
  };
  return {
    project,
    student,
    service: await staffOf('客服甲'),
    handler: await staffOf('处理人乙'),
    outsider: await staffOf('无权限', ['/home']),
  };
}

describe('exception register', () => {
  test('a case is registered with an image, assigned, started and resolved by its assignee, each step a note', async () => {
    const w = await world();
    const uploaded = await t.http
      .put('/api/upload/upload-image.action')
      .set('token', w.service.token)
      .attach('file', png, 'proof.png');
    const imageId = uploaded.body.attribute.id as string;

    const options = await post('exception-register/options', w.service.token, { student: '异常' });
    expect(options.body.attribute.students).toEqual([
      expect.objectContaining({ id: w.student.id, realName: '异常学员' }),
    ]);
    expect(options.body.attribute.assignees.map((a: { name: string }) => a.name)).toEqual(
      expect.arrayContaining(['客服甲', '处理人乙']),
    );

    const saved = await post('exception-register/save', w.service.token, {
      accountId: w.student.id,
      kind: 'HOURS',
      description: '学员反映第三章学时未记录',
      imageIds: [imageId],
    });
    expect(saved.body.respCode).toBe(200);
    const id = saved.body.attribute.id as number;
    expect(saved.body.attribute).toMatchObject({
      status: 'PENDING',
      kind: 'HOURS',
      realName: '异常学员',
      assigneeId: null,
      images: [{ id: imageId, url: `/api/uploaded-image/${imageId}.png` }],
      canAssign: true,
      canStart: false,
      startRefusal: M.NOT_ASSIGNED,
      canResolve: false,
    });
    expect((await post('exception-register/start', w.service.token, { id })).body.respDesc).toBe(
      M.NOT_ASSIGNED,
    );

    const assigned = await post('exception-register/assign', w.service.token, {
      id,
      assigneeId: w.handler.id,
      note: '请核对学习记录',
    });
    expect(assigned.body.attribute).toMatchObject({ assigneeName: '处理人乙', status: 'PENDING' });
    // Only the assignee moves it.
    expect((await post('exception-register/start', w.service.token, { id })).body.respDesc).toBe(
      M.NOT_ASSIGNEE,
    );
    const asHandler = await post('exception-register/detail', w.handler.token, { id });
    expect(asHandler.body.attribute).toMatchObject({
      canStart: true,
      canResolve: false,
      resolveRefusal: M.NOT_PROCESSING,
    });
    expect(
      (await post('exception-register/resolve', w.handler.token, { id, note: '已补录' })).body.respDesc,
    ).toBe(M.NOT_PROCESSING);

    const started = await post('exception-register/start', w.handler.token, { id });
    expect(started.body.attribute).toMatchObject({ status: 'PROCESSING', canStart: false, canResolve: true });
    const blank = await post('exception-register/resolve', w.handler.token, { id, note: '  ' });
    expect(blank.status).toBe(400);
    expect(blank.body.attribute.errors[0].field).toBe('note');
    const resolved = await post('exception-register/resolve', w.handler.token, {
      id,
      note: '已补录第三章学时',
    });
    expect(resolved.body.attribute).toMatchObject({
      status: 'RESOLVED',
      canAssign: false,
      assignRefusal: M.RESOLVED,
      canResolve: false,
    });
    expect(resolved.body.attribute.notes).toEqual([
      expect.objectContaining({
        action: 'REGISTER',
        fromStatus: null,
        toStatus: 'PENDING',
        createdByName: '客服甲',
      }),
      expect.objectContaining({
        action: 'ASSIGN',
        toStatus: 'PENDING',
        note: '请核对学习记录',
        assigneeName: '处理人乙',
        createdByName: '客服甲',
      }),
      expect.objectContaining({
        action: 'START',
        fromStatus: 'PENDING',
        toStatus: 'PROCESSING',
        createdByName: '处理人乙',
      }),
      expect.objectContaining({
        action: 'RESOLVE',
        fromStatus: 'PROCESSING',
        toStatus: 'RESOLVED',
        note: '已补录第三章学时',
        createdByName: '处理人乙',
      }),
    ]);
    expect(
      (await post('exception-register/resolve', w.handler.token, { id, note: '再次' })).body.respDesc,
    ).toBe(M.RESOLVED);
    expect(
      (await post('exception-register/assign', w.service.token, { id, assigneeId: w.service.id })).body
        .respDesc,
    ).toBe(M.RESOLVED);

    const open = await post('exception-register/page', w.service.token, { status: 'PENDING' });
    expect(open.body.attribute.total).toBe(0);
    const all = await post('exception-register/page', w.service.token, { kind: 'HOURS', student: '异常' });
    expect(all.body.attribute.list.map((row: { id: number }) => row.id)).toEqual([id]);
    const mine = await post('exception-register/page', w.handler.token, { mine: true });
    expect(mine.body.attribute.total).toBe(1);
  });

  test('bad input and references outside the project are refused and nothing is written', async () => {
    const w = await world();
    const other = await world();
    const before = await post('exception-register/page', w.service.token, {});
    const attempts = [
      { accountId: w.student.id, kind: 'NOPE', description: 'x' },
      { accountId: w.student.id, kind: 'OTHER', description: '' },
      { accountId: other.student.id, kind: 'OTHER', description: '别的项目的学员' },
      { accountId: w.service.id, kind: 'OTHER', description: '员工不是学员' },
      { accountId: w.student.id, kind: 'OTHER', description: 'x', assigneeId: other.handler.id },
      {
        accountId: w.student.id,
        kind: 'OTHER',
        description: 'x',
        imageIds: ['00000000-0000-4000-8000-000000000000'],
      },
    ];
    const fields = [];
    for (const body of attempts) {
      const res = await post('exception-register/save', w.service.token, body);
      expect(res.body.respCode).toBe(-1);
      fields.push(res.body.attribute.errors[0].field);
    }
    expect(fields).toEqual(['kind', 'description', 'accountId', 'accountId', 'assigneeId', 'imageIds']);
    expect((await post('exception-register/page', w.service.token, {})).body.attribute.total).toBe(
      before.body.attribute.total,
    );
    // A role without the page may not call.
    expect((await post('exception-register/page', w.outsider.token, {})).status).toBe(403);
  });

  test("another project's staff see none of the cases and cannot act on them", async () => {
    const w = await world();
    const other = await world();
    const saved = await post('exception-register/save', w.service.token, {
      accountId: w.student.id,
      kind: 'IDENTITY',
      description: '身份证号录入错误',
      assigneeId: w.service.id,
    });
    const id = saved.body.attribute.id as number;
    expect(saved.body.attribute).toMatchObject({ canStart: true, assigneeName: '客服甲' });
    expect((await post('exception-register/page', other.service.token, {})).body.attribute.total).toBe(0);
    for (const [call, body] of [
      ['detail', { id }],
      ['start', { id }],
      ['assign', { id, assigneeId: other.handler.id }],
      ['resolve', { id, note: '越权' }],
    ] as const) {
      const res = await post(`exception-register/${call}`, other.service.token, body);
      expect(res.body).toMatchObject({ respCode: -1, respDesc: M.NOT_FOUND });
    }
    const after = await post('exception-register/detail', w.service.token, { id });
    expect(after.body.attribute).toMatchObject({ status: 'PENDING', assigneeId: w.service.id });
    expect(after.body.attribute.notes).toHaveLength(1);
  });
});
