import { CALLS } from '../contract/catalogue';
import { checkEmbeddedCall, checkEmbeddedInput, EMBEDDED_SESSION_CALLS } from './embedded-session';
import { ForbiddenError } from './errors';

const principal = (embedded: { appId: number; myClassId: number } | null) => ({
  sessionId: '1',
  accountId: 1,
  projectId: 1,
  roleSystem: 3 as const,
  roleId: 1,
  unitId: null,
  menu: new Set<string>(),
  impersonatorId: null,
  embedded,
});

test('every call an embedded session may make is a call of the catalogue', () => {
  expect([...EMBEDDED_SESSION_CALLS].filter((key) => !(key in CALLS))).toEqual([]);
});

test('an embedded session is held to its calls and its enrolment; other sessions are not', () => {
  const embedded = principal({ appId: 3, myClassId: 41 });
  expect(() => checkEmbeddedCall(embedded, 'my-class/study-info')).not.toThrow();
  expect(() => checkEmbeddedCall(embedded, 'login/modify-password')).toThrow(ForbiddenError);
  expect(() => checkEmbeddedInput(embedded, { myClassId: 41 })).not.toThrow();
  expect(() => checkEmbeddedInput(embedded, { myClassId: 42 })).toThrow(ForbiddenError);
  expect(() => checkEmbeddedInput(embedded, { sessionId: 'x' })).not.toThrow();
  expect(() => checkEmbeddedCall(principal(null), 'login/modify-password')).not.toThrow();
  expect(() => checkEmbeddedInput(principal(null), { myClassId: 42 })).not.toThrow();
  expect(() => checkEmbeddedCall(null, 'login/modify-password')).not.toThrow();
});
