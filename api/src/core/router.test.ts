import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { ROLE_SYSTEM } from '@px/config';
import { z } from 'zod';
import { Project } from '../modules/project/project.model';
import { createTestApp, type TestApp } from '../testing/app';
import { buildProject } from '../testing/factories';
import { defineAction, FileResult, JsonAnswer, type Principal } from './action';
import { ValidationError } from './errors';

// Actions that exist only in this test, to exercise the core on every path an action can take.
const echo = defineAction({
  group: 'test-core',
  name: 'echo',
  methods: ['GET', 'POST'],
  auth: 'public',
  input: z.object({ name: z.string().min(2), count: z.coerce.number().int().min(0).optional() }),
  async handler(ctx, input) {
    return {
      ...input,
      files: ctx.files.map((file) => ({
        field: file.field,
        name: file.originalName,
        size: file.size,
        path: file.path,
      })),
    };
  },
});

const createProject = defineAction({
  group: 'test-core',
  name: 'create-project',
  auth: 'public',
  input: z.object({
    code: z.string().regex(/^[a-z]+$/),
    name: z.string().min(1),
    failAfterWrite: z.boolean().optional(),
  }),
  async handler(ctx, input) {
    return ctx.sequelize.transaction(async (transaction) => {
      const project = await Project.create({ code: input.code, name: input.name }, { transaction });
      if (input.failAfterWrite)
        throw new ValidationError([{ field: 'name', rule: 'custom', message: '名称不可用' }]);
      return { id: project.id };
    });
  },
});

const explode = defineAction({
  group: 'test-core',
  name: 'explode',
  auth: 'public',
  input: z.object({}),
  async handler() {
    throw new Error('secret internal detail: connection to 10.0.0.5 refused');
  },
});

const download = defineAction({
  group: 'test-core',
  name: 'download',
  methods: ['GET'],
  auth: 'public',
  input: z.object({}),
  async handler() {
    return new FileResult(
      Buffer.from([0x50, 0x4b, 0x03, 0x04, 0x00, 0xff]),
      'application/octet-stream',
      '导出.xlsx',
    );
  },
});

const serialized = defineAction({
  group: 'test-core',
  name: 'serialized',
  auth: 'public',
  input: z.object({ name: z.string() }),
  async handler(_ctx, input) {
    return JsonAnswer.of({ shared: '共享', list: [1, 2] }).with({ name: input.name });
  },
});

const unitOnly = defineAction({
  group: 'test-core',
  name: 'unit-only',
  auth: 'signed-in',
  roles: [ROLE_SYSTEM.UNIT],
  input: z.object({}),
  async handler(ctx) {
    return { accountId: ctx.principal?.accountId };
  },
});

const unitListPage = defineAction({
  group: 'test-core',
  name: 'unit-list-page',
  auth: 'signed-in',
  permission: ['/unit-manage/list'],
  input: z.object({}),
  async handler() {
    return 'listed';
  },
});

const principal = (
  accountId: number,
  roleSystem: Principal['roleSystem'],
  menu: string[] = [],
): Principal => ({
  sessionId: String(accountId),
  accountId,
  projectId: 1,
  roleSystem,
  roleId: 1,
  unitId: null,
  menu: new Set(menu),
  impersonatorId: null,
});
const principals: Record<string, Principal> = {
  'unit-token': principal(7, ROLE_SYSTEM.UNIT),
  'student-token': principal(8, ROLE_SYSTEM.STUDENT),
  'staff-with-units': principal(9, ROLE_SYSTEM.PROJECT, ['/unit-manage', '/unit-manage/list']),
  'staff-without-units': principal(10, ROLE_SYSTEM.PROJECT, ['/account-manage/role']),
};

let t: TestApp;
const uploadDir = fs.mkdtempSync(path.join(os.tmpdir(), 'px-router-test-'));
beforeAll(async () => {
  t = await createTestApp({
    uploadDir,
    actions: [echo, createProject, explode, download, serialized, unitOnly, unitListPage],
    authenticate: async (token) => principals[token] ?? null,
    limits: { jsonBytes: 2048, fileBytes: 1024, files: 2 },
  });
});
afterAll(async () => {
  await t.close();
  fs.rmSync(uploadDir, { recursive: true, force: true });
});

describe('success envelope', () => {
  test('answers {respCode 200, respDesc, attribute} with input from the query string', async () => {
    const res = await t.http.post('/api/test-core/echo.action?name=张三&count=3');
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      respCode: 200,
      respDesc: '成功',
      attribute: { name: '张三', count: 3, files: [] },
    });
  });

  test('an answer already serialized (JsonAnswer) is the same envelope, fields added after its own', async () => {
    const res = await t.http.post('/api/test-core/serialized.action').send({ name: '张三' });
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(res.text).toBe(
      JSON.stringify({
        respCode: 200,
        respDesc: '成功',
        attribute: { shared: '共享', list: [1, 2], name: '张三' },
      }),
    );
    const access = t.logs.find(
      (line) => line.msg === 'request' && line.reqId === res.headers['x-request-id'],
    );
    expect(access).toMatchObject({ path: '/api/test-core/serialized.action', respCode: 200 });
    expect(JsonAnswer.of({}).with({ a: 1 }).json).toBe('{"a":1}');
    expect(JsonAnswer.of({ a: 1 }).with({}).json).toBe('{"a":1}');
    // Extended twice, and the base sent on its own before and after: each envelope is its own answer.
    const base = JsonAnswer.of({ 名: '共享', list: [{ x: 1 }] });
    const envelopeOf = (answer: JsonAnswer<unknown>) => JSON.parse(answer.envelope().toString('utf8'));
    expect(envelopeOf(base).attribute).toEqual({ 名: '共享', list: [{ x: 1 }] });
    const once = base.with({ mine: true });
    const twice = once.with({ apply: null, 说明: '“引号”' });
    expect(envelopeOf(twice)).toEqual({
      respCode: 200,
      respDesc: '成功',
      attribute: { 名: '共享', list: [{ x: 1 }], mine: true, apply: null, 说明: '“引号”' },
    });
    expect(JSON.parse(twice.json)).toEqual(envelopeOf(twice).attribute);
    expect(envelopeOf(once).attribute).toEqual({ 名: '共享', list: [{ x: 1 }], mine: true });
    expect(envelopeOf(base).attribute).toEqual({ 名: '共享', list: [{ x: 1 }] });
    expect(once.json).toBe('{"名":"共享","list":[{"x":1}],"mine":true}');
  });

  test('a JsonAnswer extended with the same fields again is the same answer, its bytes encoded once', () => {
    const base = JsonAnswer.of({ 班级: '共享', courses: [{ id: 1 }] });
    const visitor = base.with({ inCart: null, enrolled: null });
    expect(base.with({ inCart: null, enrolled: null })).toBe(visitor);
    expect(base.with({ inCart: null, enrolled: null }).envelope()).toBe(visitor.envelope());
    const student = base.with({ inCart: false, enrolled: true });
    expect(student).not.toBe(visitor);
    expect(JSON.parse(student.envelope().toString('utf8')).attribute).toEqual({
      班级: '共享',
      courses: [{ id: 1 }],
      inCart: false,
      enrolled: true,
    });
    expect(JSON.parse(visitor.envelope().toString('utf8')).attribute).toMatchObject({ inCart: null });
    // Past the few kept, each caller's own fields still answer rightly, made anew.
    const own = (applyId: number) => base.with({ inCart: false, enrolled: false, apply: { id: applyId } });
    for (const id of [1, 2, 3, 4, 5]) {
      expect(JSON.parse(own(id).json)).toMatchObject({ 班级: '共享', apply: { id } });
    }
    expect(own(5)).not.toBe(own(5));
    expect(own(1)).toBe(own(1));
    // An empty base's extension is the fields alone.
    const empty = JsonAnswer.of({});
    expect(empty.with({ a: 1 })).toBe(empty.with({ a: 1 }));
    expect(empty.with({ a: 1 }).envelope().toString('utf8')).toBe(
      JSON.stringify({ respCode: 200, respDesc: '成功', attribute: { a: 1 } }),
    );
  });

  test('merges a JSON body over the query string', async () => {
    const res = await t.http
      .post('/api/test-core/echo.action?name=query&count=1')
      .send({ name: 'from-body' });
    expect(res.body.attribute).toMatchObject({ name: 'from-body', count: 1 });
  });

  test('reads url-encoded forms and GET where the action allows it', async () => {
    const form = await t.http
      .post('/api/test-core/echo.action')
      .type('form')
      .send({ name: 'form', count: '2' });
    expect(form.body.attribute).toMatchObject({ name: 'form', count: 2 });
    const get = await t.http.get('/api/test-core/echo.action').query({ name: 'get' });
    expect(get.body.attribute).toMatchObject({ name: 'get' });
  });

  test('reads multipart fields and files, and removes the files after the call', async () => {
    const res = await t.http
      .post('/api/test-core/echo.action')
      .field('name', 'upload')
      .attach('file', Buffer.from('hello'), 'hello.txt');
    expect(res.body.respCode).toBe(200);
    const [file] = res.body.attribute.files;
    expect(file).toMatchObject({ field: 'file', name: 'hello.txt', size: 5 });
    expect(path.dirname(path.dirname(file.path))).toBe(uploadDir);
    expect(fs.readdirSync(uploadDir)).toEqual([]);
    expect(fs.existsSync(file.path)).toBe(false);
  });
});

describe('validation', () => {
  test('names the field and the rule, with HTTP 400 and respCode -1', async () => {
    const res = await t.http.post('/api/test-core/echo.action').send({ name: 'x', count: -1 });
    expect(res.status).toBe(400);
    expect(res.body.respCode).toBe(-1);
    expect(res.body.respDesc).toMatch(/^参数错误：/);
    expect(res.body.respDesc).toContain('name');
    expect(res.body.respDesc).toContain('count');
    expect(res.body.attribute.errors).toEqual([
      expect.objectContaining({ field: 'name', rule: 'too_small' }),
      expect.objectContaining({ field: 'count', rule: 'too_small' }),
    ]);
  });

  test('writes nothing when the input is refused', async () => {
    const before = await Project.count();
    const res = await t.http
      .post('/api/test-core/create-project.action')
      .send({ code: 'Not-Lower', name: '项目' });
    expect(res.body.respCode).toBe(-1);
    expect(res.body.attribute.errors[0]).toMatchObject({ field: 'code', rule: 'invalid_format' });
    expect(await Project.count()).toBe(before);
  });

  test('rolls back a write when the handler refuses after it', async () => {
    const before = await Project.count();
    const res = await t.http
      .post('/api/test-core/create-project.action')
      .send({ code: 'rollback', name: '项目', failAfterWrite: true });
    expect(res.body).toMatchObject({ respCode: -1, respDesc: '参数错误：name 名称不可用' });
    expect(await Project.count()).toBe(before);
    expect(await Project.findOne({ where: { code: 'rollback' } })).toBeNull();
  });

  test('maps a unique-constraint violation to the field', async () => {
    await buildProject({ code: 'taken' });
    const res = await t.http
      .post('/api/test-core/create-project.action')
      .send({ code: 'taken', name: '重复' });
    expect(res.body.respCode).toBe(-1);
    expect(res.body.attribute.errors).toEqual([
      { field: 'code', rule: 'unique', message: '已存在，不能重复' },
    ]);
  });

  test('answers malformed JSON with the envelope', async () => {
    const res = await t.http
      .post('/api/test-core/echo.action')
      .set('Content-Type', 'application/json')
      .send('{"name": ');
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ respCode: -1, respDesc: '请求格式不正确' });
  });

  test('refuses a body of a type no call reads with 415 instead of running on the query alone', async () => {
    for (const type of ['text/plain', 'application/xml', 'application/octet-stream']) {
      const res = await t.http
        .post('/api/test-core/echo.action?name=ab')
        .set('Content-Type', type)
        .send('name=x');
      expect([type, res.status, res.body]).toMatchObject([
        type,
        415,
        { respCode: -1, respDesc: '请求内容类型不支持' },
      ]);
    }
    // No body at all is no input, whatever the type says.
    const empty = await t.http.post('/api/test-core/echo.action?name=ab').set('Content-Type', 'text/plain');
    expect(empty.body.respCode).toBe(200);
  });
});

describe('JSON bodies', () => {
  const post = (body: string, type = 'application/json') =>
    t.http.post('/api/test-core/echo.action?name=query').set('Content-Type', type).send(body);

  test('are read as the apps send them, a UTF-8 charset or none, the body over the query string', async () => {
    for (const type of [
      'application/json',
      'application/json; charset=utf-8',
      'Application/JSON;charset="UTF-8"',
    ]) {
      const res = await post('{"name":"张三","count":2}', type);
      expect([type, res.body]).toMatchObject([
        type,
        { respCode: 200, attribute: { name: '张三', count: 2 } },
      ]);
    }
    // An empty JSON body is no fields: the query string's apply.
    expect((await post('')).body).toMatchObject({ respCode: 200, attribute: { name: 'query' } });
  });

  test('keep their types: a number where text is expected is refused', async () => {
    const res = await post('{"name":12}');
    expect(res.body.attribute.errors).toEqual([expect.objectContaining({ field: 'name' })]);
  });

  test('refuse what is not an object or array, and __proto__ keys, with 400 in the envelope', async () => {
    for (const body of [
      '"ab"',
      '12',
      'null',
      '{"name":"ab","__proto__":{"admin":true}}',
      '{"name":"ab"} x',
    ]) {
      const res = await post(body);
      expect([body, res.status, res.body]).toMatchObject([
        body,
        400,
        { respCode: -1, respDesc: '请求格式不正确' },
      ]);
    }
  });
});

describe('limits', () => {
  test('refuses a JSON body over the limit', async () => {
    const res = await t.http.post('/api/test-core/echo.action').send({ name: 'x'.repeat(4096) });
    expect(res.status).toBe(413);
    expect(res.body).toMatchObject({ respCode: -1, respDesc: '请求体或上传文件过大' });
  });

  test('refuses an upload over the file limit and leaves no file behind', async () => {
    const res = await t.http
      .post('/api/test-core/echo.action')
      .field('name', 'big')
      .attach('file', Buffer.alloc(4096, 1), 'big.bin');
    expect(res.status).toBe(413);
    expect(res.body.respCode).toBe(-1);
    expect(fs.readdirSync(uploadDir)).toEqual([]);
  });
});

describe('paths and methods', () => {
  test('an unknown path answers the envelope with 404', async () => {
    const res = await t.http.post('/api/nothing/here.action');
    expect(res.status).toBe(404);
    expect(res.body).toEqual({ respCode: 404, respDesc: '接口不存在', attribute: null });
  });

  test('a method the action does not allow answers 405 in the envelope', async () => {
    const res = await t.http.get('/api/test-core/create-project.action');
    expect(res.status).toBe(405);
    expect(res.body).toMatchObject({ respCode: -1, respDesc: '请求方法不支持' });
  });
});

describe('unexpected errors', () => {
  test('are answered with a generic message and logged with the request id', async () => {
    const res = await t.http.post('/api/test-core/explode.action').set('X-Request-Id', 'trace-0001-abcd');
    expect(res.status).toBe(500);
    expect(res.body).toEqual({ respCode: -1, respDesc: '服务器繁忙，请稍后再试', attribute: null });
    expect(res.text).not.toContain('secret');
    expect(res.text).not.toMatch(/at .*\.ts:\d+/);
    expect(res.headers['x-request-id']).toBe('trace-0001-abcd');
    const logged = t.logs.find((line) => line.msg === 'unexpected error' && line.reqId === 'trace-0001-abcd');
    expect(logged).toBeDefined();
    expect(JSON.stringify(logged)).toContain('secret internal detail');
  });

  test('every answer carries a request id, generated when the caller sends none or a bad one', async () => {
    const res = await t.http
      .post('/api/test-core/echo.action?name=ok')
      .set('X-Request-Id', 'bad id with spaces');
    expect(res.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
    expect(t.logs.some((line) => line.msg === 'request' && line.reqId === res.headers['x-request-id'])).toBe(
      true,
    );
  });
});

describe('blob answers', () => {
  test('stream the raw bytes with their type and file name, outside the envelope', async () => {
    const res = await t.http
      .get('/api/test-core/download.action')
      .buffer(true)
      .parse((response, done) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('end', () => done(null, Buffer.concat(chunks)));
      });
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toBe('application/octet-stream');
    expect(res.headers['content-disposition']).toContain("filename*=UTF-8''%E5%AF%BC%E5%87%BA.xlsx");
    expect(Buffer.compare(res.body as Buffer, Buffer.from([0x50, 0x4b, 0x03, 0x04, 0x00, 0xff]))).toBe(0);
  });
});

describe('authentication and roles', () => {
  test('a signed-in action without a token answers 401', async () => {
    const res = await t.http.post('/api/test-core/unit-only.action');
    expect(res.status).toBe(401);
    expect(res.body).toMatchObject({ respCode: 401, respDesc: '请先登录' });
  });

  test('an unknown token answers 401', async () => {
    const res = await t.http.post('/api/test-core/unit-only.action').set('token', 'forged');
    expect(res.body.respCode).toBe(401);
  });

  test('a role system the action does not allow answers 403', async () => {
    const res = await t.http.post('/api/test-core/unit-only.action').set('token', 'student-token');
    expect(res.status).toBe(403);
    expect(res.body).toMatchObject({ respCode: 403, respDesc: '没有权限执行该操作' });
  });

  test("an action granted by a menu URL needs that URL in the caller's role", async () => {
    const granted = await t.http
      .post('/api/test-core/unit-list-page.action')
      .set('token', 'staff-with-units');
    expect(granted.body).toMatchObject({ respCode: 200, attribute: 'listed' });
    const refused = await t.http
      .post('/api/test-core/unit-list-page.action')
      .set('token', 'staff-without-units');
    expect(refused.status).toBe(403);
    expect(refused.body.respCode).toBe(403);
  });

  test('the allowed role system passes, by header or by cookie', async () => {
    const byHeader = await t.http.post('/api/test-core/unit-only.action').set('token', 'unit-token');
    expect(byHeader.body).toMatchObject({ respCode: 200, attribute: { accountId: 7 } });
    const byCookie = await t.http.post('/api/test-core/unit-only.action').set('Cookie', 'token=unit-token');
    expect(byCookie.body.attribute).toEqual({ accountId: 7 });
  });
});

test("a call's JSON answer carries an API answer's security headers, its refusal too", async () => {
  for (const res of [
    await t.http.post('/api/test-core/echo.action?name=ok'),
    await t.http.post('/api/test-core/echo.action?name=x'),
  ]) {
    expect(res.headers['content-type']).toContain('application/json');
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['content-security-policy']).toBe("default-src 'none'; frame-ancestors 'none'");
    expect(res.headers['x-frame-options']).toBe('DENY');
    expect(res.headers['cross-origin-resource-policy']).toBe('same-origin');
    expect(res.headers['cache-control']).toBe('no-store');
    // The documents' policies are left out.
    expect(res.headers['cross-origin-opener-policy']).toBeUndefined();
    expect(res.headers['referrer-policy']).toBeUndefined();
  }
});

test("a call's file answer and every other answer carry the documents' security headers", async () => {
  for (const res of [
    await t.http.get('/api/test-core/download.action'),
    await t.http.get('/no-such-page'),
    await t.http.post('/api/test-core/nothing-here'),
  ]) {
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['content-security-policy']).toContain("default-src 'self'");
    // Videos play from the API, from blob: (hls.js) and from a cloud VOD's HTTPS CDN.
    expect(res.headers['content-security-policy']).toContain("media-src 'self' blob: https:");
    expect(res.headers['x-frame-options']).toBe('SAMEORIGIN');
    expect(res.headers['referrer-policy']).toBe('no-referrer');
  }
});
