import { constants, generateKeyPairSync, privateDecrypt, webcrypto } from 'node:crypto';
import { encryptLoginField, pemToDer, type Subtle } from './login-crypto';

// A real key pair, as the API generates it (RSA 2048, SPKI PEM public key).
const { publicKey, privateKey } = generateKeyPairSync('rsa', {
  modulusLength: 2048,
  publicKeyEncoding: { type: 'spki', format: 'pem' },
  privateKeyEncoding: { type: 'pkcs8', format: 'pem' },
});
/** Node's WebCrypto, as a browser offers it. */
const subtle: Subtle = webcrypto.subtle as Subtle;

/** What the server does with a field: base64 -> RSA-OAEP/SHA-256 decrypt. */
function decrypt(cipher: string): string {
  return privateDecrypt(
    { key: privateKey, padding: constants.RSA_PKCS1_OAEP_PADDING, oaepHash: 'sha256' },
    Buffer.from(cipher, 'base64'),
  ).toString('utf8');
}

describe('encryptLoginField', () => {
  it('encrypts the trimmed value so that the server key decrypts it', async () => {
    const cipher = await encryptLoginField('  admin  ', publicKey, subtle);
    expect(cipher).toMatch(/^[A-Za-z0-9+/]+=*$/);
    expect(Buffer.from(cipher, 'base64')).toHaveLength(256);
    expect(decrypt(cipher)).toBe('admin');
  });

  it('handles Chinese text and gives a different cipher text each time', async () => {
    const first = await encryptLoginField('管理员01', publicKey, subtle);
    const second = await encryptLoginField('管理员01', publicKey, subtle);
    expect(first).not.toBe(second);
    expect(decrypt(first)).toBe('管理员01');
    expect(decrypt(second)).toBe('管理员01');
  });

  it('rejects when the browser offers no WebCrypto (plain HTTP)', async () => {
    const original = Object.getOwnPropertyDescriptor(globalThis, 'crypto');
    Object.defineProperty(globalThis, 'crypto', { value: undefined, configurable: true });
    try {
      await expect(encryptLoginField('admin', publicKey)).rejects.toThrow('当前浏览器环境不支持加密登录');
    } finally {
      if (original) Object.defineProperty(globalThis, 'crypto', original);
    }
  });

  it('rejects a key that is not a public key', async () => {
    await expect(
      encryptLoginField('admin', '-----BEGIN PUBLIC KEY-----\nAAAA\n-----END PUBLIC KEY-----\n', subtle),
    ).rejects.toThrow();
  });
});

describe('pemToDer', () => {
  it('reads the base64 body between the PEM lines', () => {
    expect(
      new Uint8Array(pemToDer('-----BEGIN PUBLIC KEY-----\nAQID\nBA==\n-----END PUBLIC KEY-----\n')),
    ).toEqual(new Uint8Array([1, 2, 3, 4]));
  });

  it('throws for an empty key', () => {
    expect(() => pemToDer('-----BEGIN PUBLIC KEY-----\n-----END PUBLIC KEY-----')).toThrow('公钥格式不正确');
  });
});
