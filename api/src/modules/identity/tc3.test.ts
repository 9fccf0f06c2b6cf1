import { parseTc3Authorization, tc3Authorization } from './tc3';

/** Tencent Cloud's own worked example of signing v3 (签名方法 v3, DescribeInstances on cvm). */
test('signs the documented example exactly as Tencent Cloud does', () => {
  const authorization = tc3Authorization(
    'AKIDz8krbsJ5yKBZQpn74WFkmLPx3*******',
    'Gu5t9xGARNpq86cd98joQYCN3*******',
    {
      method: 'POST',
      query: '',
      headers: { 'content-type': 'application/json; charset=utf-8', host: 'cvm.tencentcloudapi.com' },
      payload: '{"Limit": 1, "Filters": [{"Values": ["\\u672a\\u547d\\u540d"], "Name": "instance-name"}]}',
      service: 'cvm',
      timestamp: 1551113065,
    },
  );
  expect(authorization).toBe(
    'TC3-HMAC-SHA256 Credential=AKIDz8krbsJ5yKBZQpn74WFkmLPx3*******/2019-02-25/cvm/tc3_request, ' +
      'SignedHeaders=content-type;host, Signature=2230eefd229f582d8b1b891af7107b91597240707d778ab3738f756258d7652c',
  );
  expect(parseTc3Authorization(authorization)).toMatchObject({
    secretId: 'AKIDz8krbsJ5yKBZQpn74WFkmLPx3*******',
    date: '2019-02-25',
    service: 'cvm',
    signedHeaders: ['content-type', 'host'],
  });
});

test('anything but a TC3 header reads as none', () => {
  expect(parseTc3Authorization(undefined)).toBeNull();
  expect(parseTc3Authorization('Bearer abc')).toBeNull();
  expect(
    parseTc3Authorization(
      'TC3-HMAC-SHA256 Credential=x/2019-02-25/cvm/tc3_request, SignedHeaders=host, Signature=zz',
    ),
  ).toBeNull();
});
