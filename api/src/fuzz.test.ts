import { type AnyCall, ROLE_SYSTEM } from '@px/config';
import { catalogueCalls } from './contract/catalogue';
import { DEMO, seedDemoData } from './db/seed';
import { Account } from './modules/account/account.model';
import { createTestApp, type TestApp } from './testing/app';
import { badBodies } from './testing/bad-input';
import { signIn } from './testing/factories';
import { RECORD_TABLES, snapshotTables, tablesChanged } from './testing/table-snapshot';

/*
 * Issue 17, bad input on every call. Each call of the catalogue gets inputs generated from its own
 * schema (fast-check, seeded by the call's key so a run is repeatable): wrong types, arrays for
 * scalars, missing and extra fields, huge text and numbers, NUL bytes and unpaired surrogates,
 * bodies that are not objects; and, beside the body, invalid JSON, a content type it does not take
 * and a method it does not take. Each goes in unauthenticated, as the demo project's administrator
 * and as the demo student. Whatever comes back: never a 5xx, never a stack trace or SQL text, and no
 * table changes (but the record tables of `testing/table-snapshot.ts`: the audit log, sessions,
 * sign-in attempts, captchas, certificate-query misses, which record refusals by design).
 * Only inputs the call's schema refuses are sent, so nothing may be written.
 */

/** Bodies per caller the call lets in (its input is validated), and per caller it turns away first. */
const BODIES_PER_CALLER = 2;
const BODIES_WHEN_REFUSED = 1;

let t: TestApp;
const callers: { who: string; token: string; role: number | null }[] = [];

beforeAll(async () => {
  t = await createTestApp();
  await seedDemoData(t.sequelize);
  const account = async (where: Record<string, string>) =>
    (await Account.findOne({ where, allTenants: true })) as Account;
  callers.push(
    { who: 'visitor', token: '', role: null },
    {
      who: 'staff',
      token: await signIn(await account({ accountName: DEMO.accounts.projectAdmin.account })),
      role: ROLE_SYSTEM.PROJECT,
    },
    {
      who: 'student',
      token: await signIn(await account({ idCardNo: DEMO.accounts.student.idCardNo })),
      role: ROLE_SYSTEM.STUDENT,
    },
  );
}, 60_000);
afterAll(() => t?.close());

/** A seed of its own per call (FNV-1a of the key), so a failure replays alone. */
const seedOf = (key: string) => {
  let hash = 0x811c9dc5;
  for (const char of key) hash = Math.imul(hash ^ char.charCodeAt(0), 0x01000193);
  return hash | 0;
};

/** Requests wrong beside the body: unreadable JSON, an unsupported content type, a method not taken. */
type Transport = {
  name: string;
  method: 'post' | 'put' | 'delete' | 'patch' | 'get';
  type?: string;
  body?: string;
};
function transportsFor(call: AnyCall): Transport[] {
  const list: Transport[] = [
    { name: 'invalid JSON', method: 'post', type: 'application/json', body: '{"id": 1, "name": ' },
    { name: 'text/plain', method: 'post', type: 'text/plain', body: 'id=1' },
    { name: 'xml', method: 'post', type: 'application/xml', body: '<id>1</id>' },
    { name: 'PUT', method: 'put', type: 'application/json', body: '{}' },
    { name: 'DELETE', method: 'delete' },
    { name: 'PATCH', method: 'patch', type: 'application/json', body: '{}' },
  ];
  if (!call.methods?.includes('GET')) list.push({ name: 'GET', method: 'get' });
  return list;
}

const LEAKS = [
  /\n\s+at .+[:(]\d+:\d+/, // a stack frame
  /node_modules|\.ts:\d+/,
  /\bSELECT\b[\s\S]*\bFROM\b/i,
  /\bINSERT INTO\b|\bDELETE FROM\b|\bUPDATE\s+"?\w+"?\s+SET\b/i,
  /Sequelize\w*Error|syntax error at or near|violates [\w ]*constraint|relation "\w+"|column "\w+"/i,
];

test('no call answers bad input with a 5xx, a stack trace, SQL text or a write', async () => {
  const failures: string[] = [];
  let bodies = 0;
  let transports = 0;
  let calls = 0;
  // Each call is compared with the tables as the call before left them.
  let before = await snapshotTables(t.sequelize);
  for (const call of catalogueCalls()) {
    calls++;
    const seed = seedOf(call.key);
    const url = `/api/${call.key}.action`;
    const check = (
      label: string,
      answer: { status: number; text: string; headers: Record<string, string> },
    ) => {
      if (answer.status === 404) failures.push(`${call.key} ${label}: no such call (a wrong path)`);
      if (answer.status >= 500)
        failures.push(`${call.key} ${label}: HTTP ${answer.status} ${answer.text.slice(0, 200)}`);
      const leak = LEAKS.find((pattern) => pattern.test(answer.text));
      if (leak) failures.push(`${call.key} ${label}: ${leak} in ${answer.text.slice(0, 300)}`);
    };
    const transportList = transportsFor(call);
    for (const [index, caller] of callers.entries()) {
      // The router refuses a caller of the wrong kind before it reads the input: one body is enough.
      const letIn =
        caller.role === null
          ? call.access.auth !== 'signed-in'
          : !call.access.roles || call.access.roles.includes(caller.role as never);
      const count = letIn ? BODIES_PER_CALLER : BODIES_WHEN_REFUSED;
      for (const body of badBodies(call, count, seed + index)) {
        bodies++;
        const answer = await t.http
          .post(url)
          .set('token', caller.token)
          .set('Content-Type', 'application/json')
          .send(JSON.stringify(body));
        check(`as ${caller.who} with ${JSON.stringify(body).slice(0, 120)}`, answer);
      }
      // One transport mistake per caller, turning through the list call by call.
      const transport = transportList[(Math.abs(seed) + index) % transportList.length] as Transport;
      transports++;
      const request = t.http[transport.method](url).set('token', caller.token);
      if (transport.type) request.set('Content-Type', transport.type);
      const answer = await (transport.body === undefined ? request : request.send(transport.body));
      check(`as ${caller.who} with ${transport.name}`, answer);
      if (answer.status < 400 && transport.method !== 'get')
        failures.push(`${call.key} as ${caller.who} with ${transport.name}: accepted (${answer.status})`);
    }
    const after = await snapshotTables(t.sequelize);
    const changed = tablesChanged(before, after);
    before = after;
    if (changed.length) failures.push(`${call.key}: wrote ${changed.join(', ')}`);
  }
  console.log(
    `fuzz: ${calls} calls, ${bodies + transports} requests (${bodies} generated bodies, ${transports} transport mistakes) as ${callers.map((caller) => caller.who).join(', ')}; record tables not compared: ${[...RECORD_TABLES].join(', ')}`,
  );
  expect(failures).toEqual([]);
}, 120_000);
