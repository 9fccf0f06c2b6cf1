import path from 'node:path';
import { loadEnv, REPO_ROOT } from './env';

test('defaults: embedded database under ./data, port 8080, demo seed outside production', () => {
  const env = loadEnv({});
  expect(env.DATABASE_URL).toBeUndefined();
  expect(env.DATA_DIR).toBe(path.join(REPO_ROOT, 'data'));
  expect(env.PORT).toBe(8080);
  expect(env.SEED_DEMO).toBe(true);
  expect(loadEnv({ NODE_ENV: 'production', PUBLIC_URL: 'https://px.example.com' }).SEED_DEMO).toBe(false);
  expect(
    loadEnv({ NODE_ENV: 'production', PUBLIC_URL: 'https://px.example.com', SEED_DEMO: 'true' }).SEED_DEMO,
  ).toBe(true);
});

test('reads DATABASE_URL and treats blank values as unset', () => {
  expect(loadEnv({ DATABASE_URL: 'postgres://u:p@db:5432/px' }).DATABASE_URL).toBe(
    'postgres://u:p@db:5432/px',
  );
  expect(loadEnv({ DATABASE_URL: '' }).DATABASE_URL).toBeUndefined();
});

test('refuses bad values, naming each variable', () => {
  expect(() => loadEnv({ PORT: 'eighty' })).toThrow(/PORT/);
  expect(() => loadEnv({ DATABASE_URL: 'mysql://x/y', LOG_LEVEL: 'loud' })).toThrow(
    /DATABASE_URL.*LOG_LEVEL/,
  );
});

test('WeChat: the simulator outside production, WeChat itself in production, either by choice', () => {
  expect(loadEnv({}).WECHAT_MODE).toBe('simulator');
  expect(loadEnv({ NODE_ENV: 'production', PUBLIC_URL: 'https://px.example.com' }).WECHAT_MODE).toBe('live');
  expect(loadEnv({ NODE_ENV: 'production', WECHAT_MODE: 'simulator' }).WECHAT_MODE).toBe('simulator');
  expect(loadEnv({}).WECHAT_API_BASE).toBe('https://api.weixin.qq.com');
  expect(() => loadEnv({ WECHAT_MODE: 'fake' })).toThrow(/WECHAT_MODE/);
  expect(() => loadEnv({ WECHAT_PAY_BASE: 'not a url' })).toThrow(/WECHAT_PAY_BASE/);
});

test('the regulator: the simulator outside production, live in production, its settings validated', () => {
  expect(loadEnv({}).REGULATOR_MODE).toBe('simulator');
  expect(loadEnv({}).REGULATOR_SIM_RATE_PER_SECOND).toBe(200);
  expect(loadEnv({}).REGULATOR_TIMEOUT_MS).toBe(10_000);
  expect(loadEnv({ NODE_ENV: 'production', PUBLIC_URL: 'https://px.example.com' }).REGULATOR_MODE).toBe(
    'live',
  );
  expect(
    loadEnv({ REGULATOR_MODE: 'live', REGULATOR_API_BASE: 'https://reg.example.gov.cn' }).REGULATOR_API_BASE,
  ).toBe('https://reg.example.gov.cn');
  expect(() => loadEnv({ REGULATOR_MODE: 'fake' })).toThrow(/REGULATOR_MODE/);
  expect(() => loadEnv({ REGULATOR_API_BASE: 'ftp://reg.example.gov.cn' })).toThrow(/REGULATOR_API_BASE/);
  expect(() => loadEnv({ REGULATOR_SIM_RATE_PER_SECOND: '0' })).toThrow(/REGULATOR_SIM_RATE_PER_SECOND/);
  expect(() => loadEnv({ REGULATOR_TIMEOUT_MS: '10' })).toThrow(/REGULATOR_TIMEOUT_MS/);
});

test('live WeChat needs the public address people reach the product at', () => {
  expect(() => loadEnv({ NODE_ENV: 'production' })).toThrow(/PUBLIC_URL/);
  expect(() => loadEnv({ WECHAT_MODE: 'live' })).toThrow(/PUBLIC_URL/);
  expect(loadEnv({ WECHAT_MODE: 'live', PUBLIC_URL: 'https://px.example.com' }).WECHAT_MODE).toBe('live');
});
