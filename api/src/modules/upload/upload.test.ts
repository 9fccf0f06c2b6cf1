import { ROLE_SYSTEM } from '@px/config';
import type { UploadedImageAnswer } from '../../contract/upload';
import { createTestApp, type TestApp } from '../../testing/app';
import { buildAccount, buildProject, buildUnit, signIn } from '../../testing/factories';
import { encodePng } from '../storage/png';
import { useTestFileStorage } from '../storage/test-storage';
import { UploadedImage } from './upload.model';

let t: TestApp;
let staff: string;
let unitManager: string;
let student: string;
let projectId: number;
const storage = useTestFileStorage('upload');

beforeAll(async () => {
  t = await createTestApp({ providers: { storage: storage.storage } });
  projectId = (await buildProject()).id;
  const unit = await buildUnit(projectId);
  staff = await signIn(
    (await buildAccount({ projectId, roleSystem: ROLE_SYSTEM.PROJECT, menu: ['/home'] })).account,
  );
  unitManager = await signIn(
    (await buildAccount({ projectId, roleSystem: ROLE_SYSTEM.UNIT, unitId: unit.id, menu: ['/home'] }))
      .account,
  );
  student = await signIn((await buildAccount({ projectId, roleSystem: ROLE_SYSTEM.STUDENT })).account);
});
afterAll(() => t.close());
beforeEach(async () => {
  storage.clear();
  await UploadedImage.destroy({ where: {}, allTenants: true });
});

const PATH = '/api/upload/upload-image.action';
const png = (width: number, height: number) => encodePng(width, height, (x, y) => [x % 256, y % 256, 99]);
/** A GIF89a header of `width` x `height` with a trailer (what the content check reads). */
const gif = (width: number, height: number) => {
  const bytes = Buffer.from('GIF89a\0\0\0\0\0\0\0;', 'latin1');
  bytes.writeUInt16LE(width, 6);
  bytes.writeUInt16LE(height, 8);
  return bytes;
};
const put = (bytes: Buffer, name: string, token = staff, type?: string) =>
  t.http
    .put(PATH)
    .set('token', token)
    .attach('file', bytes, type ? { filename: name, contentType: type } : name);
const fieldsOf = (body: { attribute: { errors: { field: string; message: string }[] } }) =>
  body.attribute.errors.map((error) => error.field);

test('PUT with form data stores a PNG or GIF by its content and answers its public URL', async () => {
  const res = await put(png(40, 30), 'photo.jpeg', staff, 'image/jpeg');
  expect(res.body).toMatchObject({ respCode: 200 });
  const image = res.body.attribute as UploadedImageAnswer;
  expect(image).toMatchObject({ contentType: 'image/png', width: 40, height: 30 });
  expect(image.url).toMatch(/^\/api\/uploaded-image\/[0-9a-f-]{36}\.png$/);
  expect(storage.files()).toEqual([`images/${projectId}/${image.id}.png`]);
  const served = await t.http.get(image.url).buffer(true);
  expect(served.status).toBe(200);
  expect(served.headers['content-type']).toBe('image/png');
  expect(Buffer.compare(served.body as Buffer, png(40, 30))).toBe(0);
  // Another extension for the same id is not the image.
  expect((await t.http.get(image.url.replace('.png', '.jpg'))).status).toBe(404);

  const animated = await put(gif(16, 8), 'anim.gif', unitManager);
  expect(animated.body.attribute).toMatchObject({ contentType: 'image/gif', width: 16, height: 8 });
  expect((await t.http.get((animated.body.attribute as UploadedImageAnswer).url)).status).toBe(200);
});

test('a renamed non-image is refused with a clear reason whatever its name and type, and nothing is stored', async () => {
  for (const [bytes, name, type] of [
    [
      Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>'),
      'logo.png',
      'image/png',
    ],
    [Buffer.from('%PDF-1.7\n1 0 obj'), 'scan.jpg', 'image/jpeg'],
    [Buffer.from('MZ\x90\x00 not an image'), 'pic.gif', 'image/gif'],
    [png(10, 10).subarray(0, 12), 'broken.png', 'image/png'],
  ] as const) {
    const res = await put(bytes, name, staff, type);
    expect(res.body.respCode).toBe(-1);
    expect(res.body.respDesc).toMatch(/图片格式不正确，仅支持 PNG、JPEG、GIF、WebP 格式|图片文件已损坏/);
  }
  expect(storage.files()).toEqual([]);
  expect(await UploadedImage.count({ allTenants: true })).toBe(0);
});

test('an oversize file and a missing file are refused on the field file; nothing is stored', async () => {
  const over = await put(Buffer.concat([png(10, 10), Buffer.alloc(5 * 1024 * 1024)]), 'big.png');
  expect(over.status).toBe(400);
  expect(fieldsOf(over.body)).toEqual(['file']);
  expect(over.body.respDesc).toBe('参数错误：file 图片不能超过 5 MB');
  const missing = await t.http.put(PATH).set('token', staff).field('note', 'x');
  expect(fieldsOf(missing.body)).toEqual(['file']);
  expect(missing.body.respDesc).toContain('请选择图片');
  const huge = await put(gif(9000, 10), 'huge.gif');
  expect(huge.body.respDesc).toContain('8000');
  expect(storage.files()).toEqual([]);
  expect(await UploadedImage.count({ allTenants: true })).toBe(0);
});

test('students and anonymous callers may not upload; an image goes with its uploader’s project', async () => {
  expect((await put(png(4, 4), 'a.png', student)).body.respCode).toBe(403);
  expect((await t.http.put(PATH).attach('file', png(4, 4), 'a.png')).body.respCode).toBe(401);
  const other = await buildProject();
  const otherStaff = await signIn(
    (await buildAccount({ projectId: other.id, roleSystem: ROLE_SYSTEM.PROJECT, menu: ['/home'] })).account,
  );
  const res = await put(png(4, 4), 'a.png', otherStaff);
  const row = await UploadedImage.findOne({ where: { id: res.body.attribute.id }, allTenants: true });
  expect(row?.projectId).toBe(other.id);
  expect(row?.storageKey.startsWith(`images/${other.id}/`)).toBe(true);
});
