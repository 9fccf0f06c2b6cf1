/** One load scenario: a request sent over and over to one of the two servers. */
export interface Scenario {
  name: string;
  server: 'api' | 'hello';
  method: 'GET' | 'POST';
  path: string;
  headers?: Record<string, string>;
  body?: string;
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
];
