/**
 * Encryption of the login payload (spec section 5: account and password are trimmed and encoded):
 * RSA-OAEP with SHA-256 under the key system-info serves as `loginPublicKey` (PEM, SPKI), base64.
 */

/** WebCrypto's Subtle, typed from the global so both browser and Node type libraries accept it. */
export type Subtle = typeof globalThis.crypto.subtle;
type PublicKey = Awaited<ReturnType<Subtle['importKey']>>;

const keys = new Map<string, Promise<PublicKey>>();

/** The DER bytes of a PEM public key. Throws when the text holds no base64 body. */
export function pemToDer(pem: string): ArrayBuffer {
  const body = pem.replace(/-----(BEGIN|END) [A-Z ]+-----/g, '').replace(/\s+/g, '');
  if (!body) throw new Error('公钥格式不正确');
  const binary = atob(body);
  const bytes = new Uint8Array(binary.length);
  for (let i = 0; i < binary.length; i += 1) bytes[i] = binary.charCodeAt(i);
  return bytes.buffer;
}

function toBase64(buffer: ArrayBuffer): string {
  let binary = '';
  for (const byte of new Uint8Array(buffer)) binary += String.fromCharCode(byte);
  return btoa(binary);
}

/** WebCrypto, which browsers offer only over HTTPS or on localhost. Throws a readable error otherwise. */
function subtleCrypto(): Subtle {
  const subtle = globalThis.crypto?.subtle;
  if (!subtle) throw new Error('当前浏览器环境不支持加密登录，请使用 HTTPS 地址或新版浏览器访问');
  return subtle;
}

function importKey(pem: string, subtle: Subtle): Promise<PublicKey> {
  let key = keys.get(pem);
  if (!key) {
    key = subtle.importKey('spki', pemToDer(pem), { name: 'RSA-OAEP', hash: 'SHA-256' }, false, ['encrypt']);
    key.catch(() => keys.delete(pem));
    keys.set(pem, key);
  }
  return key;
}

/**
 * Trims a login field and encrypts it for the server (RSA-OAEP/SHA-256, base64).
 * Rejects when WebCrypto is missing or the key cannot be read.
 */
export async function encryptLoginField(
  value: string,
  publicKeyPem: string,
  subtle: Subtle = subtleCrypto(),
): Promise<string> {
  const key = await importKey(publicKeyPem, subtle);
  const cipher = await subtle.encrypt({ name: 'RSA-OAEP' }, key, new TextEncoder().encode(value.trim()));
  return toBase64(cipher);
}
