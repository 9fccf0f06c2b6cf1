import { createFaceidClient, ID_CARD_VERIFICATION } from './identity.provider';
import {
  createIdentitySimulator,
  type IdentitySimulator,
  SIM_DAILY_CHECKS_PER_ID,
  SIM_IDENTITY_CREDENTIALS,
  SIM_RESIDENTS,
} from './identity-sim';
import { parseTc3Authorization, tc3Authorization } from './tc3';

/** The client against the simulator over HTTP: the protocol's answers and its refusals. */

let sim: IdentitySimulator;
let url: string;
const resident = SIM_RESIDENTS[1] as { name: string; idNumber: string };

beforeAll(async () => {
  sim = createIdentitySimulator();
  url = await sim.listen();
});
afterAll(() => sim.close());
afterEach(() => sim.setFault('none'));

const client = (overrides: Partial<Parameters<typeof createFaceidClient>[0]> = {}) =>
  createFaceidClient({
    baseUrl: url,
    secretId: SIM_IDENTITY_CREDENTIALS.secretId,
    secretKey: SIM_IDENTITY_CREDENTIALS.secretKey,
    simulated: true,
    ...overrides,
  });

test('a resident of the simulated registry matches with their name, not with another', async () => {
  const match = await client().verify(resident);
  expect(match).toMatchObject({ result: 'MATCH', code: '0', description: '姓名和身份证号一致' });
  expect(match.requestId).toMatch(/^[0-9a-f-]{36}$/);
  expect(await client().verify({ ...resident, name: '张冒名' })).toMatchObject({
    result: 'MISMATCH',
    code: '-1',
  });
});

test('an unknown number, an invalid number and an invalid name get their result codes', async () => {
  expect(await client().verify({ name: '无名氏', idNumber: '11010519491231002X' })).toMatchObject({
    result: 'NOT_FOUND',
    code: '-5',
  });
  expect(await client().verify({ name: '无名氏', idNumber: '110105194912310021' })).toMatchObject({
    result: 'INVALID_ID',
    code: '-2',
  });
  expect(await client().verify({ name: '1<script>', idNumber: resident.idNumber })).toMatchObject({
    result: 'INVALID_NAME',
    code: '-3',
  });
});

test('residents added later are known; the outage switch answers -4 and -6', async () => {
  sim.addResidents([{ name: '新居民', idNumber: '11010519491231002X' }]);
  expect((await client().verify({ name: '新居民', idNumber: '11010519491231002X' })).result).toBe('MATCH');
  sim.setFault('outage');
  expect(await client().verify(resident)).toMatchObject({ result: 'UNAVAILABLE', code: '-4' });
  sim.setFault('upgrade');
  expect(await client().verify(resident)).toMatchObject({ result: 'UNAVAILABLE', code: '-6' });
});

test('a wrong secret key, an unknown secret id and a stale timestamp are refused as the service does', async () => {
  expect(await client({ secretKey: 'another-secret-key-0123456789' }).verify(resident)).toMatchObject({
    result: 'ERROR',
    code: 'AuthFailure.SignatureFailure',
  });
  expect(await client({ secretId: 'AKIDunknown' }).verify(resident)).toMatchObject({
    result: 'ERROR',
    code: 'AuthFailure.SecretIdNotFound',
  });
  const stale = Math.floor(Date.now() / 1000) - 301;
  expect(await client({ now: () => stale }).verify(resident)).toMatchObject({
    result: 'ERROR',
    code: 'AuthFailure.SignatureExpire',
  });
  expect(await client({ secretId: null }).verify(resident)).toMatchObject({
    result: 'ERROR',
    code: 'NotConfigured',
  });
});

/** A request signed over one body and sent with another, or without the signed headers. */
async function raw(body: string, signedBody: string, headers: Record<string, string> = {}) {
  const timestamp = Math.floor(Date.now() / 1000);
  const host = new URL(url).host;
  const signed = { 'content-type': 'application/json; charset=utf-8', host };
  const authorization = tc3Authorization(
    SIM_IDENTITY_CREDENTIALS.secretId,
    SIM_IDENTITY_CREDENTIALS.secretKey,
    {
      method: 'POST',
      query: '',
      headers: signed,
      payload: signedBody,
      service: 'faceid',
      timestamp,
    },
  );
  const response = await fetch(`${url}/`, {
    method: 'POST',
    headers: {
      Authorization: authorization,
      'Content-Type': signed['content-type'],
      'X-TC-Action': ID_CARD_VERIFICATION.action,
      'X-TC-Version': ID_CARD_VERIFICATION.version,
      'X-TC-Timestamp': String(timestamp),
      ...headers,
    },
    body,
  });
  expect(response.status).toBe(200);
  return (await response.json()) as { Response: { Result?: string; Error?: { Code: string } } };
}

test('a body other than the one signed, a wrong action or version, missing parameters are refused', async () => {
  const good = JSON.stringify({ IdCard: resident.idNumber, Name: resident.name });
  expect((await raw(good, good)).Response.Result).toBe('0');
  const forged = JSON.stringify({ IdCard: resident.idNumber, Name: '冒名者' });
  expect((await raw(forged, good)).Response.Error?.Code).toBe('AuthFailure.SignatureFailure');
  expect((await raw(good, good, { 'X-TC-Action': 'IdCardOCRVerification' })).Response.Error?.Code).toBe(
    'InvalidAction',
  );
  expect((await raw(good, good, { 'X-TC-Version': '2017-01-01' })).Response.Error?.Code).toBe(
    'NoSuchVersion',
  );
  const noName = JSON.stringify({ IdCard: resident.idNumber });
  expect((await raw(noName, noName)).Response.Error?.Code).toBe('MissingParameter');
  expect((await raw(good, good, { Authorization: 'Basic abc' })).Response.Error?.Code).toBe(
    'AuthFailure.InvalidAuthorization',
  );
});

test('the client signs content-type, host and the action (TC3-HMAC-SHA256)', async () => {
  let sent: Headers | undefined;
  await client({
    fetch: async (input, init) => {
      sent = new Headers(init?.headers);
      return fetch(input, init);
    },
  }).verify(resident);
  const credential = parseTc3Authorization(sent?.get('authorization') ?? undefined);
  expect(credential).toMatchObject({
    secretId: SIM_IDENTITY_CREDENTIALS.secretId,
    service: 'faceid',
    signedHeaders: ['content-type', 'host', 'x-tc-action'],
  });
  expect(sent?.get('x-tc-action')).toBe('IdCardVerification');
});

test('one ID number is answered -7 after the daily limit', async () => {
  const person = { name: '限次人', idNumber: '110105194912310038' };
  sim.addResidents([person]);
  for (let i = 0; i < SIM_DAILY_CHECKS_PER_ID; i += 1) expect((await client().verify(person)).code).toBe('0');
  expect(await client().verify(person)).toMatchObject({ result: 'LIMITED', code: '-7' });
});

test('its page says it is simulated and lists its registry and the checks', async () => {
  const page = await (await fetch(`${url}/`)).text();
  expect(page).toContain('实名核验平台（模拟）');
  expect(page).toContain('不连接公安证件库');
  expect(page).toContain(resident.idNumber);
  const checks = (await (await fetch(`${url}/sim/checks`)).json()) as { name: string }[];
  expect(checks.some((check) => check.name === resident.name)).toBe(true);
});

test('residents added on its page are kept in the state file across restarts', async () => {
  const { mkdtempSync } = await import('node:fs');
  const { tmpdir } = await import('node:os');
  const path = await import('node:path');
  const stateFile = path.join(mkdtempSync(path.join(tmpdir(), 'identity-sim-')), 'state.json');
  const first = createIdentitySimulator({ stateFile });
  const firstUrl = await first.listen();
  const res = await fetch(`${firstUrl}/sim/residents`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ name: '登记人', idNumber: '110105194912310054' }),
    redirect: 'manual',
  });
  expect(res.status).toBe(303);
  await first.close();
  const second = createIdentitySimulator({ stateFile });
  const secondUrl = await second.listen();
  try {
    const verdict = await client({ baseUrl: secondUrl }).verify({
      name: '登记人',
      idNumber: '110105194912310054',
    });
    expect(verdict.result).toBe('MATCH');
  } finally {
    await second.close();
  }
});
