import { createHash } from 'node:crypto';
import { serverPushSignature, signJsSdk, verifyServerPush } from './signature';

describe('signJsSdk', () => {
  // The example of WeChat's JS-SDK documentation (appendix 1, signature algorithm).
  const official = {
    ticket: 'sM4AOVdWfPE4DxkXGEs8VMCPGGVi4C3VM0P37wVUCFvkVAy_90u5h9nbSlYy3-Sl-HhTdfl2fzFy1AOcHKP7qg',
    nonceStr: 'Wm3WZYTPz0wzccnW',
    timestamp: 1414587457,
    url: 'http://mp.weixin.qq.com?params=value',
  };

  test("matches the official documentation's example", () => {
    expect(signJsSdk(official)).toEqual({
      timestamp: 1414587457,
      nonceStr: 'Wm3WZYTPz0wzccnW',
      signature: '0f9de62fce790f9a083d5c99e95740ceb90c27ed',
    });
  });

  test('signs the URL without its fragment', () => {
    expect(signJsSdk({ ...official, url: `${official.url}#/my?tab=1` }).signature).toBe(
      '0f9de62fce790f9a083d5c99e95740ceb90c27ed',
    );
  });

  test('any change of ticket, nonce, timestamp or URL changes the signature', () => {
    const base = signJsSdk(official).signature;
    expect(signJsSdk({ ...official, ticket: `${official.ticket}x` }).signature).not.toBe(base);
    expect(signJsSdk({ ...official, nonceStr: 'Wm3WZYTPz0wzccnX' }).signature).not.toBe(base);
    expect(signJsSdk({ ...official, timestamp: 1414587458 }).signature).not.toBe(base);
    expect(signJsSdk({ ...official, url: 'http://mp.weixin.qq.com?params=other' }).signature).not.toBe(base);
  });

  test('refuses missing parts', () => {
    expect(() => signJsSdk({ ...official, ticket: '' })).toThrow();
    expect(() => signJsSdk({ ...official, url: '' })).toThrow();
  });
});

describe('server push signature', () => {
  const token = 'pxtoken';
  const timestamp = '1700000000';
  const nonce = '384729';
  const expected = createHash('sha1').update([token, timestamp, nonce].sort().join('')).digest('hex');

  test('is sha1 of the sorted token, timestamp and nonce', () => {
    // Sorted as strings: '1700000000' < '384729' < 'pxtoken'.
    expect(serverPushSignature(token, timestamp, nonce)).toBe(
      createHash('sha1').update('1700000000384729pxtoken').digest('hex'),
    );
    expect(serverPushSignature(token, timestamp, nonce)).toBe(expected);
  });

  test('verifies a genuine push and refuses forged or incomplete ones', () => {
    expect(verifyServerPush(token, { signature: expected, timestamp, nonce })).toBe(true);
    expect(verifyServerPush(token, { signature: expected.toUpperCase(), timestamp, nonce })).toBe(true);
    expect(verifyServerPush('other-token', { signature: expected, timestamp, nonce })).toBe(false);
    expect(verifyServerPush(token, { signature: expected, timestamp: '1700000001', nonce })).toBe(false);
    expect(verifyServerPush(token, { signature: 'short', timestamp, nonce })).toBe(false);
    expect(verifyServerPush(token, { timestamp, nonce })).toBe(false);
  });
});
