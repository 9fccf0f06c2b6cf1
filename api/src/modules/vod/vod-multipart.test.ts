import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { tc3Authorization } from '../identity/tc3';
import { completeMultipartXml, cosAuthorization, cosErrorXml, parseCosError, xmlField } from './cos';
import { createVodClient, VOD_SERVICE, VOD_VERSION, type VodClient, VodError } from './vod.client';
import { vodClientFromEnv } from './vod.provider';
import { createVodSimulator, type VodSimulator } from './vod-sim';

/**
 * Uploads above the part size go to COS as a multipart upload (docs/vod.md): the client's parts,
 * resends and abort, and the simulator's side of the protocol (signature, UploadId, part order and
 * ETags, COS XML errors). Parts of 1 MiB (COS's smallest) keep the files small.
 */

const MiB = 1024 ** 2;
const clock = Math.floor(Date.now() / 1000);
const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'px-vod-multipart-'));
let sim: VodSimulator;

beforeAll(async () => {
  sim = createVodSimulator({ dir, now: () => clock });
  await sim.listen();
});
afterAll(async () => {
  await sim.close();
  fs.rmSync(dir, { recursive: true, force: true });
});

interface SentRequest {
  method: string;
  url: URL;
  /** How many times this same request (method and URL) has been sent, this one included. */
  attempt: number;
  init: RequestInit;
}

/**
 * A fetch that records every request and lets `intercept` answer one instead of the simulator
 * (answering nothing sends it on).
 */
function recorder(
  intercept?: (request: SentRequest) => Promise<Response | undefined> | Response | undefined,
) {
  const sent: SentRequest[] = [];
  const counts = new Map<string, number>();
  const through = async (input: string, init: RequestInit = {}) => {
    const url = new URL(input);
    const method = init.method ?? 'GET';
    const attempt = (counts.get(`${method} ${url}`) ?? 0) + 1;
    counts.set(`${method} ${url}`, attempt);
    const request = { method, url, attempt, init };
    sent.push(request);
    return (await intercept?.(request)) ?? fetch(input, init);
  };
  /** The COS requests, as `METHOD query-names` (`PUT partNumber&uploadId`). */
  const cos = () =>
    sent
      .filter((request) => request.url.pathname !== '/' && !request.url.pathname.startsWith('/getplayinfo/'))
      .map((request) => `${request.method} ${[...request.url.searchParams.keys()].join('&')}`.trim());
  /** The API 3.0 actions called. */
  const actions = () =>
    sent
      .filter((request) => request.url.pathname === '/')
      .map((request) => (request.init.headers as Record<string, string>)['X-TC-Action']);
  return { fetch: through, sent, cos, actions };
}

const clientVia = (through: (input: string, init?: RequestInit) => Promise<Response>, partSize = MiB) =>
  createVodClient({
    apiBase: sim.url(),
    playBase: sim.url(),
    cosBase: sim.url(),
    appId: sim.appId,
    secretId: sim.secretId,
    secretKey: sim.secretKey,
    playKey: sim.playKey,
    simulated: true,
    now: () => clock,
    partSize,
    retries: 2,
    retryDelayMs: 1,
    fetch: through,
  });

/** `bytes` as an upload source streaming 64 KiB pieces, recording each range it opens. */
function sourceOf(bytes: Buffer) {
  const opened: string[] = [];
  return {
    opened,
    source: {
      size: bytes.length,
      name: 'big.mp4',
      type: 'video/mp4',
      async open(range?: { start: number; end: number }) {
        opened.push(range ? `${range.start}-${range.end}` : 'whole');
        const piece = range ? bytes.subarray(range.start, range.end + 1) : bytes;
        return Readable.from(
          (function* () {
            for (let at = 0; at < piece.length; at += 64 * 1024) yield piece.subarray(at, at + 64 * 1024);
          })(),
        );
      },
    },
  };
}

const refusal = (promise: Promise<unknown>) =>
  promise.then(
    () => null,
    (error: unknown) => error as VodError,
  );

/** What a grant of the file plays, whole. */
async function played(client: ReturnType<typeof clientVia>, fileId: string): Promise<Buffer> {
  const info = await client.playInfo(fileId, client.signPlay(fileId, 600).psign);
  const response = await fetch(info.url);
  expect(response.status).toBe(200);
  return Buffer.from(await response.arrayBuffer());
}

/** What is left of multipart uploads on the simulator's disk. */
const leftOnDisk = () =>
  fs.existsSync(path.join(dir, 'multipart')) ? fs.readdirSync(path.join(dir, 'multipart')) : [];

describe('the client', () => {
  test('a file above the part size goes in parts, each streamed from its range, and plays back byte-identical', async () => {
    const bytes = randomBytes(3 * MiB + 512 * 1024);
    const { source, opened } = sourceOf(bytes);
    const via = recorder();
    const client = clientVia(via.fetch);
    const { fileId } = await client.upload(source);
    expect(via.actions()).toEqual(['ApplyUpload', 'CommitUpload']);
    expect(via.cos()).toEqual([
      'POST uploads',
      'PUT partNumber&uploadId',
      'PUT partNumber&uploadId',
      'PUT partNumber&uploadId',
      'PUT partNumber&uploadId',
      'POST uploadId',
    ]);
    expect(opened).toEqual([
      `0-${MiB - 1}`,
      `${MiB}-${2 * MiB - 1}`,
      `${2 * MiB}-${3 * MiB - 1}`,
      `${3 * MiB}-${bytes.length - 1}`,
    ]);
    expect((await played(client, fileId)).equals(bytes)).toBe(true);
    expect(sim.files().find((file) => file.fileId === fileId)?.size).toBe(bytes.length);
    expect(sim.multipartUploads()).toEqual([]);
    expect(leftOnDisk()).toEqual([]);
  });

  test('the part size comes from VOD_UPLOAD_PART_MB', async () => {
    const via = recorder();
    const client = vodClientFromEnv(
      { VOD_API_BASE: '', VOD_PLAY_BASE: '', VOD_TIMEOUT_MS: 10_000, VOD_UPLOAD_PART_MB: 1 },
      {
        url: sim.url(),
        appId: sim.appId,
        secretId: sim.secretId,
        secretKey: sim.secretKey,
        playKey: sim.playKey,
      },
      via.fetch,
    );
    const bytes = randomBytes(2 * MiB + 3);
    const { fileId } = await (client as VodClient).upload(sourceOf(bytes).source);
    expect(via.cos().filter((request) => request.startsWith('PUT'))).toHaveLength(3);
    expect(sim.files().find((file) => file.fileId === fileId)?.size).toBe(bytes.length);
  });

  test('a file of one part goes in one PUT', async () => {
    const bytes = randomBytes(MiB);
    const via = recorder();
    const client = clientVia(via.fetch);
    const { fileId } = await client.upload(sourceOf(bytes).source);
    expect(via.cos()).toEqual(['PUT']);
    expect((await played(client, fileId)).equals(bytes)).toBe(true);
  });

  test('a part failing once (connection lost mid-part, or 503 SlowDown) is sent again, re-read from the stored file', async () => {
    const bytes = randomBytes(3 * MiB + 7);
    const { source, opened } = sourceOf(bytes);
    const via = recorder(async ({ method, url, attempt, init }) => {
      const part = url.searchParams.get('partNumber');
      if (method !== 'PUT' || attempt > 1) return undefined;
      if (part === '2') {
        // Some of the part goes out, then the connection drops.
        for await (const _ of init.body as unknown as Readable) break;
        throw new TypeError('fetch failed', { cause: new Error('read ECONNRESET') });
      }
      if (part === '3')
        return new Response(cosErrorXml('SlowDown', 'Please reduce your request rate.', 'r1'), {
          status: 503,
          headers: { 'content-type': 'application/xml' },
        });
      return undefined;
    });
    const client = clientVia(via.fetch);
    const { fileId } = await client.upload(source);
    const parts = via.sent
      .filter((request) => request.method === 'PUT')
      .map((request) => request.url.searchParams.get('partNumber'));
    expect(parts).toEqual(['1', '2', '2', '3', '3', '4']);
    expect(opened.filter((range) => range === `${MiB}-${2 * MiB - 1}`)).toHaveLength(2);
    expect((await played(client, fileId)).equals(bytes)).toBe(true);
    expect(sim.multipartUploads()).toEqual([]);
  });

  test('a part failing every time is given up after the retries: the upload is aborted, nothing committed', async () => {
    const before = sim.files().length;
    const via = recorder(({ method, url }) =>
      method === 'PUT' && url.searchParams.get('partNumber') === '2'
        ? new Response(cosErrorXml('InternalError', 'We encountered an internal error.', 'r2'), {
            status: 500,
          })
        : undefined,
    );
    const error = await refusal(clientVia(via.fetch).upload(sourceOf(randomBytes(2 * MiB + 1)).source));
    expect(error).toBeInstanceOf(VodError);
    expect(error?.code).toBe('UploadFailed');
    expect(error?.message).toContain('上传第 2 块失败（HTTP 500 InternalError');
    expect(error?.message).toContain('已取消本次分块上传');
    // Sent once and retried twice; then the abort.
    expect(via.cos()).toEqual([
      'POST uploads',
      'PUT partNumber&uploadId',
      'PUT partNumber&uploadId',
      'PUT partNumber&uploadId',
      'PUT partNumber&uploadId',
      'DELETE uploadId',
    ]);
    expect(via.actions()).toEqual(['ApplyUpload']);
    expect(sim.multipartUploads()).toEqual([]);
    expect(leftOnDisk()).toEqual([]);
    expect(sim.files()).toHaveLength(before);
  });

  test('a refused completion aborts the upload and answers a clear error', async () => {
    const before = sim.files().length;
    // The completion names a part with an ETag COS never gave: COS refuses it (InvalidPart).
    const via = recorder(({ method, url, init }) =>
      method === 'POST' && url.searchParams.has('uploadId')
        ? fetch(url, {
            ...init,
            body: String(init.body).replace(/(<PartNumber>2<\/PartNumber><ETag>)[^<]*/, '$1&quot;0000&quot;'),
          })
        : undefined,
    );
    const error = await refusal(clientVia(via.fetch).upload(sourceOf(randomBytes(2 * MiB + 1)).source));
    expect(error).toBeInstanceOf(VodError);
    expect(error?.code).toBe('UploadFailed');
    expect(error?.message).toMatch(
      /^UploadFailed: 合并分块失败（HTTP 400 InvalidPart：第 2 块未上传，或其 ETag 不符）；已取消本次分块上传$/,
    );
    expect(via.cos().slice(-2)).toEqual(['POST uploadId', 'DELETE uploadId']);
    expect(via.actions()).toEqual(['ApplyUpload']);
    expect(sim.multipartUploads()).toEqual([]);
    expect(leftOnDisk()).toEqual([]);
    expect(sim.files()).toHaveLength(before);
  });

  test('a stored file shorter than its size fails the part without resending it, and aborts', async () => {
    const bytes = randomBytes(2 * MiB + 1);
    const { source } = sourceOf(bytes);
    const via = recorder();
    const error = await refusal(
      clientVia(via.fetch).upload({
        ...source,
        open: async (range) => Readable.from([bytes.subarray(range?.start ?? 0, (range?.end ?? 0) - 10)]),
      }),
    );
    expect(error?.code).toBe('SourceFailed');
    expect(via.cos()).toEqual(['POST uploads', 'PUT partNumber&uploadId', 'DELETE uploadId']);
    expect(sim.multipartUploads()).toEqual([]);
  });
});

describe('the simulator (COS multipart protocol)', () => {
  /** An upload session: ApplyUpload signed as the client signs it. */
  async function applyUpload() {
    const payload = JSON.stringify({ SubAppId: sim.appId, MediaType: 'mp4', MediaName: 'raw' });
    const signed = {
      'content-type': 'application/json; charset=utf-8',
      host: new URL(sim.url()).host,
      'x-tc-action': 'applyupload',
    };
    const response = await fetch(`${sim.url()}/`, {
      method: 'POST',
      headers: {
        Authorization: tc3Authorization(sim.secretId, sim.secretKey, {
          method: 'POST',
          query: '',
          headers: signed,
          payload,
          service: VOD_SERVICE,
          timestamp: clock,
        }),
        'Content-Type': signed['content-type'],
        'X-TC-Action': 'ApplyUpload',
        'X-TC-Version': VOD_VERSION,
        'X-TC-Timestamp': String(clock),
      },
      body: payload,
    });
    const answer = (await response.json()) as {
      Response: {
        StorageBucket: string;
        MediaStoragePath: string;
        TempCertificate: { SecretId: string; SecretKey: string; Token: string };
      };
    };
    const { StorageBucket, MediaStoragePath, TempCertificate } = answer.Response;
    const objectPath = `/${StorageBucket}${MediaStoragePath}`;

    /** A COS request to the session's object, signed over `signed` (default: all of `params`). */
    const cos = async (
      method: string,
      params: Record<string, string>,
      body?: Buffer | string,
      signed: Record<string, string> = params,
    ) => {
      const query = Object.entries(params)
        .map(([name, value]) => (value === '' ? name : `${name}=${encodeURIComponent(value)}`))
        .join('&');
      const response = await fetch(`${sim.url()}${objectPath}${query ? `?${query}` : ''}`, {
        method,
        headers: {
          Authorization: cosAuthorization(TempCertificate.SecretId, TempCertificate.SecretKey, {
            method,
            path: objectPath,
            params: signed,
            start: clock,
            end: clock + 600,
          }),
          'x-cos-security-token': TempCertificate.Token,
        },
        ...(body === undefined ? {} : { body }),
      });
      const text = await response.text();
      return {
        status: response.status,
        etag: response.headers.get('etag'),
        text,
        error: parseCosError(text),
      };
    };
    const initiate = async () => {
      const answer = await cos('POST', { uploads: '' });
      expect(answer.status).toBe(200);
      expect(xmlField(answer.text, 'Bucket')).toBe(StorageBucket);
      expect(`/${xmlField(answer.text, 'Key')}`).toBe(MediaStoragePath);
      return xmlField(answer.text, 'UploadId') as string;
    };
    const part = async (uploadId: string, partNumber: number, bytes: Buffer) => {
      const answer = await cos('PUT', { partNumber: String(partNumber), uploadId }, bytes);
      expect(answer.status).toBe(200);
      return answer.etag as string;
    };
    return { cos, initiate, part };
  }

  test('an UploadId it never gave, or one aborted, is refused with NoSuchUpload', async () => {
    const { cos, initiate, part } = await applyUpload();
    for (const [method, params, body] of [
      ['PUT', { partNumber: '1', uploadId: 'nope' }, Buffer.alloc(10)],
      ['POST', { uploadId: 'nope' }, completeMultipartXml([{ partNumber: 1, etag: '"x"' }])],
      ['DELETE', { uploadId: 'nope' }, undefined],
    ] as const) {
      const answer = await cos(method, params, body);
      expect([answer.status, answer.error?.code]).toEqual([404, 'NoSuchUpload']);
    }
    const uploadId = await initiate();
    await part(uploadId, 1, randomBytes(MiB));
    expect(sim.multipartUploads().map((upload) => [upload.uploadId, upload.parts])).toContainEqual([
      uploadId,
      [1],
    ]);
    expect((await cos('DELETE', { uploadId })).status).toBe(204);
    expect(sim.multipartUploads().map((upload) => upload.uploadId)).not.toContain(uploadId);
    const late = await cos('PUT', { partNumber: '2', uploadId }, Buffer.alloc(10));
    expect([late.status, late.error?.code]).toEqual([404, 'NoSuchUpload']);
  });

  test('the signature must cover the query (uploadId, partNumber) and the temporary key', async () => {
    const { cos, initiate } = await applyUpload();
    const unsigned = await cos('POST', { uploads: '' }, undefined, {});
    expect([unsigned.status, unsigned.error?.code]).toEqual([403, 'SignatureDoesNotMatch']);
    const uploadId = await initiate();
    const otherPart = await cos('PUT', { partNumber: '2', uploadId }, Buffer.alloc(10), {
      partNumber: '1',
      uploadId,
    });
    expect([otherPart.status, otherPart.error?.code]).toEqual([403, 'SignatureDoesNotMatch']);
    const badNumber = await cos('PUT', { partNumber: '10001', uploadId }, Buffer.alloc(10));
    expect([badNumber.status, badNumber.error?.code]).toEqual([400, 'InvalidArgument']);
    expect((await cos('DELETE', { uploadId })).status).toBe(204);
  });

  test('a completion is refused for parts out of order, missing or with a wrong ETag, too small, or not XML', async () => {
    const { cos, initiate, part } = await applyUpload();
    const uploadId = await initiate();
    const first = randomBytes(MiB);
    const second = randomBytes(1000);
    const one = await part(uploadId, 1, first);
    const two = await part(uploadId, 2, second);
    const complete = (body: string) => cos('POST', { uploadId }, body);
    const refusedWith = async (body: string) => {
      const answer = await complete(body);
      expect(answer.status).toBe(400);
      return answer.error?.code;
    };
    expect(
      await refusedWith(
        completeMultipartXml([
          { partNumber: 2, etag: two },
          { partNumber: 1, etag: one },
        ]),
      ),
    ).toBe('InvalidPartOrder');
    expect(
      await refusedWith(
        completeMultipartXml([
          { partNumber: 1, etag: one },
          { partNumber: 1, etag: one },
        ]),
      ),
    ).toBe('InvalidPartOrder');
    expect(
      await refusedWith(
        completeMultipartXml([
          { partNumber: 1, etag: one },
          { partNumber: 2, etag: two },
          { partNumber: 3, etag: two },
        ]),
      ),
    ).toBe('InvalidPart');
    expect(
      await refusedWith(
        completeMultipartXml([
          { partNumber: 1, etag: '"00000000000000000000000000000000"' },
          { partNumber: 2, etag: two },
        ]),
      ),
    ).toBe('InvalidPart');
    expect(await refusedWith('<CompleteMultipartUpload></CompleteMultipartUpload>')).toBe('MalformedXML');
    expect(await refusedWith('{"parts":[1,2]}')).toBe('MalformedXML');
    // A small part may only be the last one.
    const small = await part(uploadId, 3, second);
    expect(
      await refusedWith(
        completeMultipartXml([
          { partNumber: 1, etag: one },
          { partNumber: 2, etag: two },
          { partNumber: 3, etag: small },
        ]),
      ),
    ).toBe('EntityTooSmall');
    // The refusals left the upload as it was: the right list completes it.
    const done = await complete(
      completeMultipartXml([
        { partNumber: 1, etag: one },
        { partNumber: 2, etag: two },
      ]),
    );
    expect(done.status).toBe(200);
    expect(xmlField(done.text, 'ETag')).toMatch(/^"[0-9a-f]{32}-2"$/);
    expect(sim.multipartUploads().map((upload) => upload.uploadId)).not.toContain(uploadId);
    const again = await complete(completeMultipartXml([{ partNumber: 1, etag: one }]));
    expect([again.status, again.error?.code]).toEqual([404, 'NoSuchUpload']);
  });
});
