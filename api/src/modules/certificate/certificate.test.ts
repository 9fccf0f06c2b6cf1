import { ROLE_SYSTEM } from '@px/config';
import { type CertificateField, certificateTemplateSaveInput } from '../../contract/certificate';
import { createTestApp, type TestApp } from '../../testing/app';
import { buildAccount, buildProject, buildUnit, signIn } from '../../testing/factories';
import { AuditLog } from '../audit/audit-log.model';
import { ClassCategory } from '../class-category/class-category.model';
import { encodePng } from '../storage/png';
import { useTestFileStorage } from '../storage/test-storage';
import { TrainClass } from '../train-class/train-class.model';
import { TrainPlan } from '../train-plan/train-plan.model';
import { DEMO_CERTIFICATE_TEMPLATE_NAME, seedCertificateDemo } from './certificate.demo';
import { CertificateTemplate } from './certificate-template.model';

const SCREEN = '/resource-manage/certificate';
const MENU = ['/home', '/resource-manage', SCREEN];

let t: TestApp;
let projectId: number;
let otherProjectId: number;
let token: string;
let otherToken: string;

const storage = useTestFileStorage('certificate');
const stored = storage.files;

const post = (name: string, body: object = {}, as = token) =>
  t.http.post(`/api/certificate/${name}.action`).set('token', as).send(body);
const upload = (bytes: Buffer, fileName: string, as = token) =>
  t.http
    .post('/api/certificate/template-upload-background.action')
    .set('token', as)
    .attach('file', bytes, fileName);
const fieldsOf = (body: { attribute: { errors: { field: string }[] } }) =>
  body.attribute.errors.map((error) => error.field);

const png = (width: number, height: number) => encodePng(width, height, (x, y) => [x % 256, y % 256, 200]);

const field = (
  key: CertificateField['key'],
  overrides: Partial<CertificateField> = {},
): CertificateField => ({
  key,
  x: 100,
  y: 100,
  width: 300,
  fontSize: 24,
  color: '#333333',
  bold: false,
  align: 'left',
  ...overrides,
});

const template = (overrides: object = {}) => ({
  name: '结业证书',
  width: 1123,
  height: 794,
  fields: [
    field('text', { text: '结业证书', x: 311, y: 80, width: 500, fontSize: 56, bold: true, align: 'center' }),
    field('studentName', { y: 250 }),
    field('qrCode', { x: 900, y: 560, width: 150 }),
  ],
  ...overrides,
});

async function uploadBackground(as = token): Promise<{ key: string; url: string }> {
  const answer = await upload(png(1123, 794), 'bg.png', as);
  expect(answer.body.respCode).toBe(200);
  return answer.body.attribute;
}

async function createTemplate(overrides: object = {}, as = token) {
  const answer = await post('template-save', template(overrides), as);
  expect(answer.body.respCode).toBe(200);
  return answer.body.attribute as { id: number; name: string; backgroundImage: string | null };
}

/** A class of the project that holds the template (a plan and a base type made for it). */
async function buildClassWith(templateId: number): Promise<TrainClass> {
  const plan = await TrainPlan.create({
    projectId,
    year: 2025,
    name: `计划${templateId}`,
    industry: 'other',
    startDate: '2025-01-01',
    endDate: '2025-12-31',
  });
  const category =
    (await ClassCategory.findOne({ where: { projectId, code: 'public' } })) ??
    (await ClassCategory.create({ projectId, parentId: null, level: 1, code: 'public', name: '公需科目' }));
  return TrainClass.create({
    projectId,
    planId: plan.id,
    categoryId: category.id,
    certificateTemplateId: templateId,
    name: '班级',
    year: 2025,
    amountFen: 0,
    enrolStartDate: '2025-01-01',
    enrolEndDate: '2025-12-31',
    studyStartDate: '2025-01-01',
    studyEndDate: '2025-12-31',
    teacherName: null,
    description: null,
    createdBy: null,
  });
}

beforeAll(async () => {
  t = await createTestApp({ providers: { storage: storage.storage } });
  projectId = (await buildProject()).id;
  otherProjectId = (await buildProject()).id;
  token = await signIn(
    (await buildAccount({ projectId, roleSystem: ROLE_SYSTEM.PROJECT, menu: MENU })).account,
  );
  otherToken = await signIn(
    (await buildAccount({ projectId: otherProjectId, roleSystem: ROLE_SYSTEM.PROJECT, menu: MENU })).account,
  );
});
afterAll(async () => {
  await t.close();
});
beforeEach(async () => {
  await TrainClass.destroy({ where: {}, allTenants: true });
  await TrainPlan.destroy({ where: {}, allTenants: true });
  await CertificateTemplate.destroy({ where: {}, allTenants: true });
  storage.clear();
});

describe('permissions', () => {
  const CALLS = [
    'template-page',
    'template-get',
    'template-save',
    'template-status',
    'template-delete',
    'template-upload-background',
    'template-background',
  ];

  test('staff without the screen, unit managers and students are refused (403); anonymous 401', async () => {
    const unitId = (await buildUnit(projectId)).id;
    const tokens = [
      await signIn(
        (
          await buildAccount({
            projectId,
            roleSystem: ROLE_SYSTEM.PROJECT,
            menu: ['/home', '/account-manage/role'],
          })
        ).account,
      ),
      await signIn(
        (await buildAccount({ projectId, roleSystem: ROLE_SYSTEM.UNIT, unitId, menu: MENU })).account,
      ),
      await signIn((await buildAccount({ projectId, roleSystem: ROLE_SYSTEM.STUDENT, menu: MENU })).account),
    ];
    for (const as of tokens)
      for (const name of CALLS) expect((await post(name, { id: 1, key: 'x' }, as)).status).toBe(403);
    for (const name of CALLS) expect((await t.http.post(`/api/certificate/${name}.action`)).status).toBe(401);
    expect((await upload(png(10, 10), 'a.png', tokens[0])).status).toBe(403);
    expect(stored()).toEqual([]);
  });

  test('the class screens read the list, and only the list', async () => {
    await createTemplate();
    for (const menu of [['/train-manage/class'], ['/train-manage/train-class-detail']]) {
      const reader = await signIn(
        (await buildAccount({ projectId, roleSystem: ROLE_SYSTEM.PROJECT, menu })).account,
      );
      const page = await post('template-page', { status: 'ENABLED' }, reader);
      expect(page.body.attribute.list.map((row: { name: string }) => row.name)).toEqual(['结业证书']);
      expect((await post('template-save', template({ name: '别的' }), reader)).status).toBe(403);
      expect((await post('template-delete', { id: 1 }, reader)).status).toBe(403);
    }
  });
});

describe('background upload', () => {
  test('stores a PNG read by content, answers its key and URL, and serves it to staff of the project', async () => {
    const bytes = png(1123, 794);
    const answer = await upload(bytes, 'whatever.jpg');
    expect(answer.body.respCode).toBe(200);
    const background = answer.body.attribute;
    expect(background).toMatchObject({
      contentType: 'image/png',
      width: 1123,
      height: 794,
      size: bytes.length,
    });
    expect(background.key).toMatch(new RegExp(`^certificate-templates/${projectId}/[0-9a-f-]{36}\\.png$`));
    expect(background.url).toBe(
      `/api/certificate/template-background.action?key=${encodeURIComponent(background.key)}`,
    );
    expect(stored()).toEqual([background.key]);

    const image = await t.http.get(background.url).set('token', token).buffer(true);
    expect(image.status).toBe(200);
    expect(image.headers['content-type']).toBe('image/png');
    expect(Buffer.compare(image.body as Buffer, bytes)).toBe(0);

    const foreign = await t.http.get(background.url).set('token', otherToken);
    expect(foreign.body).toMatchObject({ respCode: -1, respDesc: '背景图不存在' });
    const unknown = await post('template-background', {
      key: `certificate-templates/${projectId}/nothing.png`,
    });
    expect(unknown.body.respDesc).toBe('背景图不存在');
  });

  test('accepts JPEG; refuses WebP, other content, empty and oversized files, leaving nothing', async () => {
    const jpeg = Buffer.concat([
      Buffer.from([
        0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10, 0x4a, 0x46, 0x49, 0x46, 0x00, 1, 1, 0, 0, 1, 0, 1, 0, 0,
      ]),
      Buffer.from([0xff, 0xc0, 0x00, 0x11, 8, 0x03, 0x1a, 0x04, 0x63, 3, 1, 0x22, 0, 2, 0x11, 1, 3, 0x11, 1]),
      Buffer.from([0xff, 0xd9]),
    ]);
    const jpegAnswer = await upload(jpeg, 'a.png');
    expect(jpegAnswer.body.attribute).toMatchObject({ contentType: 'image/jpeg', width: 1123, height: 794 });
    expect(jpegAnswer.body.attribute.key).toMatch(/\.jpg$/);
    const webp = Buffer.alloc(30);
    webp.write('RIFF', 0, 'latin1');
    webp.writeUInt32LE(22, 4);
    webp.write('WEBPVP8X', 8, 'latin1');
    webp.writeUInt32LE(10, 16);
    webp.writeUIntLE(793, 24, 3);
    webp.writeUIntLE(1122, 27, 3);
    // WebP is refused: the certificate PDFs draw the background and cannot embed WebP.
    expect((await upload(webp, 'a.webp')).body).toMatchObject({
      respCode: -1,
      respDesc: '图片格式不正确，仅支持 PNG、JPEG 格式',
    });
    const kept = stored();
    expect(kept).toHaveLength(1);

    const text = await upload(Buffer.from('not an image at all'), 'fake.png');
    expect(text.body).toMatchObject({
      respCode: -1,
      respDesc: '图片格式不正确，仅支持 PNG、JPEG 格式',
    });
    const big = Buffer.concat([png(10, 10), Buffer.alloc(5 * 1024 * 1024)]);
    const tooBig = await upload(big, 'big.png');
    expect(tooBig.status).toBe(400);
    expect(fieldsOf(tooBig.body)).toEqual(['file']);
    expect(tooBig.body.respDesc).toContain('5 MB');
    const none = await post('template-upload-background');
    expect(fieldsOf(none.body)).toEqual(['file']);
    expect(stored()).toEqual(kept);
  });
});

describe('save, get and page', () => {
  test('creates an enabled template, answers it with its fields, and lists it with the field count', async () => {
    const background = await uploadBackground();
    const saved = await post('template-save', template({ backgroundImage: background.key }));
    expect(saved.body.respCode).toBe(200);
    expect(saved.body.attribute).toMatchObject({
      name: '结业证书',
      status: 'ENABLED',
      width: 1123,
      height: 794,
      fieldCount: 3,
      backgroundImage: background.key,
      backgroundUrl: background.url,
      fields: template().fields,
    });
    const id = saved.body.attribute.id;
    const got = await post('template-get', { id });
    expect(got.body.attribute.fields).toEqual(template().fields);
    expect(got.body.attribute.fields[1]).not.toHaveProperty('text');

    await createTemplate({ name: '培训合格证', fields: [], width: 794, height: 1123 });
    const page = await post('template-page', { pageSize: 10 });
    expect(page.body.attribute.total).toBe(2);
    expect(
      page.body.attribute.list.map((row: { name: string; fieldCount: number }) => [row.name, row.fieldCount]),
    ).toEqual([
      ['培训合格证', 0],
      ['结业证书', 3],
    ]);
    expect(page.body.attribute.list[0]).not.toHaveProperty('fields');
    const named = await post('template-page', { name: '合格' });
    expect(named.body.attribute.list.map((row: { name: string }) => row.name)).toEqual(['培训合格证']);
    expect(
      await AuditLog.count({
        where: { action: 'certificate-template.create', targetId: String(id) },
        allTenants: true,
      }),
    ).toBe(1);
  });

  test('names are unique within a project only', async () => {
    const first = await createTemplate();
    const again = await post('template-save', template());
    expect(fieldsOf(again.body)).toEqual(['name']);
    expect(again.body.respDesc).toContain('模板名称已存在');
    await createTemplate({}, otherToken);
    const second = await createTemplate({ name: '另一个' });
    expect(fieldsOf((await post('template-save', template({ id: second.id }))).body)).toEqual(['name']);
    expect((await post('template-save', template({ id: first.id, width: 1200 }))).body.attribute.width).toBe(
      1200,
    );
  });

  test.each([
    ['a page too small', { width: 100 }, ['width']],
    ['a page too large', { height: 5000 }, ['height']],
    ['a fractional size', { width: 1123.5 }, ['width']],
    ['no name', { name: ' ' }, ['name']],
    ['no field list', { fields: 'x' }, ['fields']],
    ['an unknown key', { fields: [field('teacher' as CertificateField['key'])] }, ['fields.0.key']],
    ['a font too small', { fields: [field('studentName', { fontSize: 7 })] }, ['fields.0.fontSize']],
    ['a font too large', { fields: [field('studentName', { fontSize: 97 })] }, ['fields.0.fontSize']],
    ['a bad colour', { fields: [field('year'), field('score', { color: 'red' })] }, ['fields.1.color']],
    ['a bad alignment', { fields: [field('year', { align: 'justify' as 'left' })] }, ['fields.0.align']],
    ['a negative x', { fields: [field('year', { x: -1 })] }, ['fields.0.x']],
    ['a text without text', { fields: [field('year'), field('score'), field('text')] }, ['fields.2.text']],
    [
      'a field past the right edge',
      { fields: [field('year'), field('score'), field('className', { x: 900, width: 300 })] },
      ['fields.2.x'],
    ],
    ['a field past the bottom', { fields: [field('year', { y: 770, fontSize: 24 })] }, ['fields.0.y']],
    [
      'a QR code past the bottom (a square)',
      { fields: [field('qrCode', { y: 700, width: 100 })] },
      ['fields.0.y'],
    ],
    [
      'a certificate value twice',
      { fields: [field('studentName'), field('studentName', { y: 200 })] },
      ['fields.1.key'],
    ],
  ])('refuses %s, naming the field and writing nothing', async (_case, overrides, fields) => {
    const answer = await post('template-save', template(overrides));
    expect(answer.status).toBe(400);
    expect(fieldsOf(answer.body)).toEqual(fields);
    expect(await CertificateTemplate.count({ allTenants: true })).toBe(0);
  });

  test('fixed texts may repeat; a field may touch the page edges', async () => {
    const saved = await createTemplate({
      fields: [
        field('text', { text: '甲', x: 0, y: 0 }),
        field('text', { text: '乙', x: 823, y: 764, fontSize: 24 }),
        field('qrCode', { x: 994, y: 665, width: 129 }),
      ],
    });
    expect(saved.name).toBe('结业证书');
  });

  test("refuses a background that is not a stored upload of the project; keeps the template's own", async () => {
    const foreign = await uploadBackground(otherToken);
    for (const key of [
      foreign.key,
      `certificate-templates/${projectId}/00000000-0000-4000-8000-000000000000.png`,
      '../etc',
    ]) {
      const answer = await post('template-save', template({ backgroundImage: key }));
      expect(fieldsOf(answer.body)).toEqual(['backgroundImage']);
    }
    expect(await CertificateTemplate.count({ allTenants: true })).toBe(0);
  });

  test('replacing or dropping the background removes the old file', async () => {
    const first = await uploadBackground();
    const second = await uploadBackground();
    const saved = await createTemplate({ backgroundImage: first.key });
    await post('template-save', template({ id: saved.id, backgroundImage: second.key }));
    expect(stored()).toEqual([second.key]);
    const plain = await post('template-save', template({ id: saved.id, backgroundImage: '' }));
    expect(plain.body.attribute).toMatchObject({ backgroundImage: null, backgroundUrl: null });
    expect(stored()).toEqual([]);
  });

  test("another project's template is not found", async () => {
    const foreign = await createTemplate({}, otherToken);
    for (const [name, body] of [
      ['template-get', { id: foreign.id }],
      ['template-status', { id: foreign.id, status: 'DISABLED' }],
      ['template-delete', { id: foreign.id }],
      ['template-save', template({ id: foreign.id, name: '改名' })],
    ] as const)
      expect((await post(name, body)).body).toMatchObject({ respCode: -1, respDesc: '证书模板不存在' });
    expect((await CertificateTemplate.findByPk(foreign.id, { allTenants: true }))?.name).toBe('结业证书');
  });
});

describe('status and delete', () => {
  test('disables and enables a template; the page filters by status', async () => {
    const saved = await createTemplate();
    const disabled = await post('template-status', { id: saved.id, status: 'DISABLED' });
    expect(disabled.body.attribute.status).toBe('DISABLED');
    expect((await post('template-page', { status: 'ENABLED' })).body.attribute.total).toBe(0);
    expect((await post('template-page', { status: 'DISABLED' })).body.attribute.total).toBe(1);
    expect(fieldsOf((await post('template-status', { id: saved.id, status: 'OFF' })).body)).toEqual([
      'status',
    ]);
    expect((await post('template-status', { id: saved.id, status: 'ENABLED' })).body.attribute.status).toBe(
      'ENABLED',
    );
  });

  test('refuses to delete a template a class uses; deletes it with its background once free', async () => {
    const background = await uploadBackground();
    const saved = await createTemplate({ backgroundImage: background.key });
    const trainClass = await buildClassWith(saved.id);
    const refused = await post('template-delete', { id: saved.id });
    expect(refused.body).toMatchObject({ respCode: -1, respDesc: '该模板已被班级使用，不能删除' });
    expect(await CertificateTemplate.count({ allTenants: true })).toBe(1);
    expect(stored()).toEqual([background.key]);

    await trainClass.destroy();
    expect((await post('template-delete', { id: saved.id })).body.respCode).toBe(200);
    expect(await CertificateTemplate.count({ allTenants: true })).toBe(0);
    expect(stored()).toEqual([]);
    expect(
      await AuditLog.count({
        where: { action: 'certificate-template.delete', targetId: String(saved.id) },
        allTenants: true,
      }),
    ).toBe(1);
  });

  test('a background shared by two templates stays until the last one goes', async () => {
    const background = await uploadBackground();
    const a = await createTemplate({ backgroundImage: background.key });
    const b = await createTemplate({ name: '第二个', backgroundImage: background.key });
    await post('template-delete', { id: a.id });
    expect(stored()).toEqual([background.key]);
    await post('template-delete', { id: b.id });
    expect(stored()).toEqual([]);
  });
});

describe('demo data', () => {
  test('seeds 结业证书, enabled, with a stored A4 background and fields the contract accepts', async () => {
    const demo = await buildProject();
    const demoToken = await signIn(
      (await buildAccount({ projectId: demo.id, roleSystem: ROLE_SYSTEM.PROJECT, menu: MENU })).account,
    );
    await t.sequelize.transaction((transaction) =>
      seedCertificateDemo(demo.id, transaction, storage.storage),
    );
    const page = await post('template-page', {}, demoToken);
    expect(page.body.attribute.list).toHaveLength(1);
    const row = page.body.attribute.list[0];
    expect(row).toMatchObject({
      name: DEMO_CERTIFICATE_TEMPLATE_NAME,
      status: 'ENABLED',
      width: 1123,
      height: 794,
    });
    const image = await t.http.get(row.backgroundUrl).set('token', demoToken).buffer(true);
    expect(image.headers['content-type']).toBe('image/png');
    expect((image.body as Buffer).readUInt32BE(16)).toBe(1123);

    const detail = (await post('template-get', { id: row.id }, demoToken)).body.attribute;
    const parsed = certificateTemplateSaveInput.safeParse({ ...detail, id: undefined });
    expect(parsed.success).toBe(true);
    const keys = detail.fields.map((entry: CertificateField) => entry.key);
    for (const key of [
      'studentName',
      'idCardNo',
      'className',
      'qrCode',
      'certificateNo',
      'verifyCode',
      'issueDate',
    ])
      expect(keys).toContain(key);
  });
});
