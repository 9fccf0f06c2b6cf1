import { createHmac } from 'node:crypto';
import { signedHeaders } from './client/client';
import { canonicalJson, canonicalString, contentHash, idCardProblem, withIdCheck } from './protocol';

test('the canonical string is method, target, timestamp, nonce and body on five lines', () => {
  expect(
    canonicalString({
      method: 'post',
      target: '/api/v1/study-records',
      timestamp: 1795939200,
      nonce: 'n'.repeat(16),
      body: '{"a":1}',
    }),
  ).toBe(`POST\n/api/v1/study-records\n1795939200\n${'n'.repeat(16)}\n{"a":1}`);
});

test('the signature header is the hex HMAC-SHA256 of the canonical string under the secret', () => {
  const headers = signedHeaders(
    { appId: 'app1', secret: 's3cret' },
    {
      method: 'GET',
      target: '/api/v1/study-records/P1',
      body: '',
      timestamp: 100,
      nonce: 'abcdefghijklmnop',
    },
  );
  const expected = createHmac('sha256', 's3cret')
    .update('GET\n/api/v1/study-records/P1\n100\nabcdefghijklmnop\n')
    .digest('hex');
  expect(headers).toEqual({
    'x-reg-app-id': 'app1',
    'x-reg-timestamp': '100',
    'x-reg-nonce': 'abcdefghijklmnop',
    'x-reg-signature': expected,
  });
});

test('ID card numbers: shape, birth date and the MOD 11-2 check character', () => {
  expect(idCardProblem('11010519491231002X')).toBeNull();
  expect(idCardProblem('110105194912310021')).toBe('ID_CHECKSUM');
  expect(idCardProblem('11010519491331002X')).toBe('INVALID_FORMAT');
  expect(idCardProblem('1101051949123100')).toBe('INVALID_FORMAT');
  expect(idCardProblem(withIdCheck('44030019900101123'))).toBeNull();
});

test('the content hash does not depend on key order', () => {
  expect(canonicalJson({ b: 1, a: { d: [1, { f: 2, e: 3 }], c: null } })).toBe(
    '{"a":{"c":null,"d":[1,{"e":3,"f":2}]},"b":1}',
  );
  expect(contentHash({ a: 1, b: 2 })).toBe(contentHash({ b: 2, a: 1 }));
  expect(contentHash({ a: 1, b: 2 })).not.toBe(contentHash({ a: 1, b: 3 }));
});
