/** One load scenario: a request sent over and over to one of the two servers. */
export interface Scenario {
  name: string;
  server: 'api' | 'hello';
  method: 'GET' | 'POST';
  path: string;
  headers?: Record<string, string>;
  body?: string;
  /** Sign in first as this demo back-office account and send its token. */
  signedInAs?: { account: string; password: string };
  /** The answer each request must get, checked once before loading. */
  expectRespCode: number;
}

/** Every benchmark; later issues append theirs. The first one is the baseline the others compare to. */
export const SCENARIOS: Scenario[] = [
  { name: 'koa-hello', server: 'hello', method: 'GET', path: '/', expectRespCode: 200 },
  {
    name: 'system-info',
    server: 'api',
    method: 'POST',
    path: '/api/project/system-info.action',
    expectRespCode: 200,
  },
  {
    name: 'get-account-info',
    server: 'api',
    method: 'GET',
    path: '/api/login/get-account-info.action',
    signedInAs: { account: 'projectadmin', password: 'Admin123' },
    expectRespCode: 200,
  },
];
