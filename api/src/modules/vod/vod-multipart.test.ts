import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { tc3Authorization } from '../identity/tc3';
import { completeMultipartXml, cosAuthorization, parseCosError, xmlField } from './cos';
import { VOD_SERVICE, VOD_VERSION } from './vod.client';
import { createVodSimulator, type VodSimulator } from './vod-sim';

/**
 * The simulator's side of COS multipart uploads (docs/vod.md): signature, UploadId, part order and
 * ETags, COS XML errors. Parts of 1 MiB (COS's smallest) keep the files small.
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
