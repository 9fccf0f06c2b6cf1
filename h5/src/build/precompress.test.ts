import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { precompressDir } from './precompress';

let dir: string;
beforeEach(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'px-precompress-'));
  fs.mkdirSync(path.join(dir, 'assets'));
});
afterEach(() => fs.rmSync(dir, { recursive: true, force: true }));

test('writes brotli and gzip twins of text files over 1 KB, which decompress to the file', () => {
  const script = `console.log(${JSON.stringify('x'.repeat(4000))});`;
  fs.writeFileSync(path.join(dir, 'assets', 'index-abc.js'), script);
  fs.writeFileSync(path.join(dir, 'login.html'), `<!doctype html>${'<p>登录</p>'.repeat(200)}`);
  const written = precompressDir(dir)
    .map((file) => path.relative(dir, file))
    .sort();
  expect(written).toEqual([
    'assets/index-abc.js.br',
    'assets/index-abc.js.gz',
    'login.html.br',
    'login.html.gz',
  ]);
  const file = path.join(dir, 'assets', 'index-abc.js');
  expect(brotliDecompressSync(fs.readFileSync(`${file}.br`)).toString()).toBe(script);
  expect(gunzipSync(fs.readFileSync(`${file}.gz`)).toString()).toBe(script);
  expect(fs.statSync(`${file}.br`).size).toBeLessThan(script.length / 10);
});

test('leaves small files and images as they are', () => {
  fs.writeFileSync(path.join(dir, 'assets', 'tiny.js'), 'export{}');
  fs.writeFileSync(path.join(dir, 'assets', 'logo.png'), Buffer.alloc(4096, 1));
  expect(precompressDir(dir)).toEqual([]);
  expect(fs.readdirSync(path.join(dir, 'assets')).sort()).toEqual(['logo.png', 'tiny.js']);
});
