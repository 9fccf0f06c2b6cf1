import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { createTestApp, type TestApp } from '../testing/app';

let t: TestApp;
let root: string;

function writeApp(dir: string, marker: string): void {
  fs.mkdirSync(path.join(dir, 'assets'), { recursive: true });
  fs.writeFileSync(path.join(dir, 'index.html'), `<!doctype html><title>${marker}</title>`);
  fs.writeFileSync(path.join(dir, 'assets', 'index-abc123.js'), `console.log('${marker}')`);
  fs.writeFileSync(path.join(dir, 'favicon.ico'), 'icon');
}

beforeAll(async () => {
  root = fs.mkdtempSync(path.join(os.tmpdir(), 'px-static-'));
  writeApp(path.join(root, 'h5'), 'h5-app');
  writeApp(path.join(root, 'admin'), 'admin-app');
  // A page the build prerendered, and the precompressed twin of an asset (h5/src/build).
  fs.mkdirSync(path.join(root, 'h5', 'login'));
  fs.writeFileSync(path.join(root, 'h5', 'login', 'index.html'), '<!doctype html><title>login-shell</title>');
  fs.writeFileSync(
    path.join(root, 'h5', 'assets', 'index-abc123.js.br'),
    zlib.brotliCompressSync("console.log('h5-app')"),
  );
  fs.writeFileSync(path.join(root, 'secret.txt'), 'outside');
  t = await createTestApp({
    staticApps: [
      { prefix: '/admin', distDir: path.join(root, 'admin') },
      { prefix: '', distDir: path.join(root, 'h5') },
    ],
  });
});
afterAll(async () => {
  await t.close();
  fs.rmSync(root, { recursive: true, force: true });
});

test('serves the H5 at / and its client routes with its index (history mode)', async () => {
  for (const url of ['/', '/my', '/v2/classSelectCenter?x=1']) {
    const res = await t.http.get(url);
    expect(res.status).toBe(200);
    expect(res.text).toContain('h5-app');
    expect(res.headers['cache-control']).toBe('no-cache');
  }
});

test('a path with a prerendered page gets that page; the others the index', async () => {
  for (const url of ['/login', '/login/', '/login?redirect=%2Fmy']) {
    const res = await t.http.get(url);
    expect(res.status).toBe(200);
    expect(res.text).toContain('login-shell');
    expect(res.headers['cache-control']).toBe('no-cache');
  }
  expect((await t.http.get('/register')).text).toContain('h5-app');
});

test('sends the precompressed twin of a file to a browser that accepts it', async () => {
  const brotli = await t.http.get('/assets/index-abc123.js').set('Accept-Encoding', 'br, gzip');
  expect(brotli.headers['content-encoding']).toBe('br');
  expect(brotli.headers.vary).toContain('Accept-Encoding');
  expect(brotli.text).toContain('h5-app');
  const plain = await t.http.get('/assets/index-abc123.js').set('Accept-Encoding', 'identity');
  expect(plain.headers['content-encoding']).toBeUndefined();
  expect(plain.text).toContain('h5-app');
});

test('serves the back office under /admin/ with its own index', async () => {
  const res = await t.http.get('/admin/account-manage/role');
  expect(res.text).toContain('admin-app');
  const redirect = await t.http.get('/admin');
  expect(redirect.status).toBe(302);
  expect(redirect.headers.location).toBe('/admin/');
});

test('hashed assets are cached for a year, other files revalidated', async () => {
  const asset = await t.http.get('/admin/assets/index-abc123.js');
  expect(asset.text).toContain('admin-app');
  expect(asset.headers['cache-control']).toBe('public, max-age=31536000, immutable');
  const icon = await t.http.get('/favicon.ico');
  expect(icon.headers['cache-control']).toBe('no-cache');
});

test('never serves files outside the app folder', async () => {
  const res = await t.http.get('/admin/..%2fsecret.txt');
  expect(res.text).not.toContain('outside');
});

test('/api paths keep answering the envelope', async () => {
  const res = await t.http.get('/api/unknown/call.action');
  expect(res.status).toBe(404);
  expect(res.body.respCode).toBe(404);
});
