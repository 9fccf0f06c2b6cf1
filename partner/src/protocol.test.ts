import { canonicalString, HEADERS, signCanonical, signedHeaders, verifySigned } from './protocol';

const credentials = { appKey: 'pk_0123456789abcdef0123', secret: 'sk_test-secret' };
const request = {
  method: 'post',
  target: '/px/notify?x=1',
  body: '{"a":1}',
  timestamp: 1_700_000_000,
  nonce: 'nonce-0123456789ab',
};

test('the canonical string is the five lines, the method upper-cased', () => {
  expect(canonicalString(request)).toBe('POST\n/px/notify?x=1\n1700000000\nnonce-0123456789ab\n{"a":1}');
});

test('signed headers verify; any changed part, a late clock or another key do not', () => {
  const headers = signedHeaders(credentials, request);
  expect(headers[HEADERS.signature]).toBe(signCanonical(credentials.secret, canonicalString(request)));
  const check = (
    changes: Partial<typeof request> = {},
    now = request.timestamp,
    secrets = [credentials.secret],
  ) => verifySigned({ appKey: credentials.appKey, secrets }, { ...request, ...changes, headers }, now);
  expect(check()).toEqual({ ok: true });
  expect(check({ body: '{"a":2}' })).toEqual({ ok: false, code: 'SIGNATURE_INVALID' });
  expect(check({ target: '/px/notify' })).toEqual({ ok: false, code: 'SIGNATURE_INVALID' });
  expect(check({}, request.timestamp + 301)).toEqual({ ok: false, code: 'TIMESTAMP_EXPIRED' });
  expect(check({}, request.timestamp, ['sk_other', credentials.secret])).toEqual({ ok: true });
  expect(check({}, request.timestamp, ['sk_other'])).toEqual({ ok: false, code: 'SIGNATURE_INVALID' });
  expect(
    verifySigned(
      { appKey: 'pk_other', secrets: [credentials.secret] },
      { ...request, headers },
      request.timestamp,
    ),
  ).toEqual({ ok: false, code: 'APP_UNKNOWN' });
  expect(
    verifySigned(
      credentials && { appKey: credentials.appKey, secrets: [credentials.secret] },
      { ...request, headers: {} },
      0,
    ),
  ).toEqual({ ok: false, code: 'SIGNATURE_MISSING' });
});
