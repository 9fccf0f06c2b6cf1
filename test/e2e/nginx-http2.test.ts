import { DEMO } from '@px/api';
import { FIRST_DATA_ELEMENT_ID, firstDataKey } from '@px/config';
import { http2Get, type StartedNginx, startTlsNginx } from '../support/nginx';
import { type ProductServer, startProductServer } from '../support/server';

// Issue 29, first paint on a phone: the shipped nginx configuration over TLS speaks HTTP/2 (Debian's
// nginx 1.22: `listen ... ssl http2`), serves the H5's files from disk and passes the pages, with
// their first data, from the API.

jest.setTimeout(300_000);

let product: ProductServer;
let nginx: StartedNginx;

beforeAll(async () => {
  product = await startProductServer();
  nginx = await startTlsNginx([product.url]);
});
afterAll(async () => {
  await nginx?.stop();
  await product?.stop();
});

test('pages and files come over HTTP/2; the class centre page carries the host project’s first data', async () => {
  const page = await http2Get(nginx.url, '/classSelectCenter');
  expect(page.status).toBe(200);
  expect(page.body).toContain(`<script id="${FIRST_DATA_ELEMENT_ID}" type="application/json">`);
  const json = new RegExp(
    `<script id="${FIRST_DATA_ELEMENT_ID}" type="application/json">(.*?)</script>`,
  ).exec(page.body)?.[1];
  const data = JSON.parse(json ?? 'null');
  expect(data.public[firstDataKey('project/system-info', {})]).toMatchObject({ title: DEMO.title });
  const script = /<script type="module" crossorigin src="([^"]+)"/.exec(page.body)?.[1] ?? '';
  const asset = await http2Get(nginx.url, script, { 'accept-encoding': 'gzip' });
  expect(asset.status).toBe(200);
  expect(asset.headers['content-encoding']).toBe('gzip');
  expect(asset.headers['cache-control']).toContain('immutable');
});
