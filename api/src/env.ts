import os from 'node:os';
import path from 'node:path';
import { z } from 'zod';
import { REPO_ROOT } from './paths';

/** The repository root: the default place of `./data` and of the built apps. */
export { REPO_ROOT };

const booleanText = z
  .enum(['true', 'false', '1', '0', 'yes', 'no'])
  .transform((value) => value === 'true' || value === '1' || value === 'yes');

const envSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  HOST: z.string().min(1).default('0.0.0.0'),
  PORT: z.coerce.number().int().min(0).max(65535).default(8080),
  /** PostgreSQL server; unset = an embedded PostgreSQL kept under DATA_DIR/postgres. */
  DATABASE_URL: z.url({ protocol: /^postgres(ql)?$/ }).optional(),
  /**
   * The application's own connection: a role without superuser or BYPASSRLS, subject to the tenant
   * policies (docs/operations.md). Unset: DATABASE_URL's server as the role `px_app` with
   * DATABASE_APP_PASSWORD, which the boot lets sign in when DATABASE_URL's role may.
   */
  DATABASE_APP_URL: z.url({ protocol: /^postgres(ql)?$/ }).optional(),
  /** The password of `px_app` when DATABASE_APP_URL is unset; required in production with DATABASE_URL. */
  DATABASE_APP_PASSWORD: z.string().min(8).optional(),
  /**
   * `transaction`: the application's connection goes through a transaction pooler (PgBouncer in
   * transaction mode): no named prepared statements, and what needs a session of its own (the change
   * feed's LISTEN) uses DATABASE_DIRECT_URL. docs/operations.md "PgBouncer".
   */
  DATABASE_POOLER: z.enum(['none', 'transaction']).default('none'),
  /** The application role's connection to the server itself, bypassing the pooler (required with a pooler). */
  DATABASE_DIRECT_URL: z.url({ protocol: /^postgres(ql)?$/ }).optional(),
  /**
   * A streaming read replica of the database, as the application's role: exports, reports, the
   * study archive's lists and the dashboard read there (docs/operations.md "Read replica"). Unset:
   * everything reads from the primary.
   */
  DATABASE_READ_URL: z.url({ protocol: /^postgres(ql)?$/ }).optional(),
  /** Largest number of connections of the application's pool (calls), per instance. */
  DATABASE_POOL_MAX: z.coerce.number().int().min(1).max(500).default(10),
  /** Largest number of connections of the read replica's pool, per instance. */
  DATABASE_READ_POOL_MAX: z.coerce.number().int().min(1).max(500).default(5),
  /**
   * The background jobs' own connection budget, per instance: their handlers take connections from
   * a pool of this size, never from the calls' pool (docs/operations.md "Background work").
   */
  JOB_DB_POOL_MAX: z.coerce.number().int().min(1).max(100).default(4),
  /** How many job handlers run at once per instance, across every queue. */
  JOB_CONCURRENCY: z.coerce.number().int().min(1).max(100).default(3),
  /**
   * Whether this instance works the job queues. `false`: it still sends jobs (an import started by
   * a call) but runs none, so its CPU is the calls' alone; a separate job instance (the same
   * settings, `true`, kept out of the load balancer) works them (docs/operations.md "Background work").
   */
  JOB_WORKERS: booleanText.default(true),
  /**
   * The nice value (CPU priority, 1-19) of the PostgreSQL backends serving background work (the
   * jobs' pool, an export's cursor) when the database runs on this host (the embedded one, a local
   * server): students' calls' backends go first. 0 leaves them alone. No effect on a database of
   * its own host (docs/operations.md "Background work").
   */
  BACKGROUND_DB_NICE: z.coerce.number().int().min(0).max(19).default(19),
  DATA_DIR: z.string().min(1).default(path.join(REPO_ROOT, 'data')),
  /** Fixed port for the embedded PostgreSQL; a free one is picked when unset. */
  EMBEDDED_PG_PORT: z.coerce.number().int().min(1).max(65535).optional(),
  /** The address people reach the product at (links in messages, WeChat callbacks). */
  PUBLIC_URL: z.url().optional(),
  /** Behind a reverse proxy: trust its X-Forwarded-Host/-Proto/-For headers. */
  TRUST_PROXY: booleanText.default(false),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  /** Create the demo project when the database has no project. Default: on except in production. */
  SEED_DEMO: booleanText.optional(),
  /** Serve the built H5 at / and the back office at /admin/. */
  SERVE_APPS: booleanText.default(true),
  JSON_BODY_LIMIT_KB: z.coerce.number().int().positive().default(1024),
  UPLOAD_FILE_LIMIT_MB: z.coerce.number().int().positive().default(20),
  UPLOAD_FILES_PER_REQUEST: z.coerce.number().int().positive().default(10),
  /**
   * On SIGTERM/SIGINT: how long calls in flight and running jobs may take to finish before their
   * connections are cut and the process stops anyway.
   */
  SHUTDOWN_GRACE_SECONDS: z.coerce.number().int().min(0).max(600).default(15),
  /**
   * On SIGTERM, before the above: how long the instance keeps serving every call (new ones too)
   * while `/readyz` answers 503, so a load balancer polling it stops sending first. Default 5 s;
   * 0 under NODE_ENV=test.
   */
  DRAIN_SECONDS: z.coerce.number().int().min(0).max(300).optional(),
  /**
   * Serve Prometheus metrics at `GET /metrics` on this port of its own (0: a free one, printed at
   * start). Unset: no metrics endpoint. Keep it off the public proxy; docs/operations.md.
   */
  METRICS_PORT: z.coerce.number().int().min(0).max(65535).optional(),
  /** The address the metrics port listens on; default HOST. */
  METRICS_HOST: z.string().min(1).optional(),
  /**
   * Where the local file storage keeps files (videos, images). Default: DATA_DIR/files; under
   * NODE_ENV=test a folder in the OS temp directory, so test runs never write into ./data.
   */
  STORAGE_DIR: z.string().min(1).optional(),
  /**
   * Where files go: `local` (the disk under STORAGE_DIR), `s3` (an S3-compatible bucket: Aliyun
   * OSS, Tencent COS, MinIO, AWS S3; S3_*), or `s3-simulator` (dev: starts s3rver in process and
   * uses it, objects kept under DATA_DIR/s3). docs/storage.md.
   */
  STORAGE_PROVIDER: z.enum(['local', 's3', 's3-simulator']).default('local'),
  /** The S3 service's address (unset: AWS S3 of S3_REGION). */
  S3_ENDPOINT: z.url().optional(),
  S3_REGION: z.string().min(1).default('us-east-1'),
  S3_BUCKET: z.string().min(3).max(63).optional(),
  S3_ACCESS_KEY_ID: z.string().min(1).optional(),
  S3_SECRET_ACCESS_KEY: z.string().min(1).optional(),
  /** Address buckets by path (`endpoint/bucket/key`), as MinIO wants; virtual-host style otherwise. */
  S3_FORCE_PATH_STYLE: booleanText.default(false),
  /** The S3 simulator's port (STORAGE_PROVIDER=s3-simulator); a free one when 0. */
  S3_SIM_PORT: z.coerce.number().int().min(0).max(65535).default(0),
  /** Largest video upload (the whole file; it travels in chunks within UPLOAD_FILE_LIMIT_MB). */
  VIDEO_UPLOAD_LIMIT_MB: z.coerce.number().int().positive().default(2048),
  /**
   * HMAC secret of the signed, expiring video play URLs (at least 32 characters). Unset: one is
   * generated on first use and kept in the database, shared by every API instance.
   */
  MEDIA_SIGNING_SECRET: z.string().min(32).optional(),
  /** How long a video play URL stays valid. */
  MEDIA_URL_TTL_MINUTES: z.coerce
    .number()
    .int()
    .min(1)
    .max(7 * 24 * 60)
    .default(120),
  /** Where SMS messages go: `outbox` writes them to the sms_outbox table (read in the back office). */
  SMS_PROVIDER: z.enum(['outbox']).default('outbox'),
  /**
   * Who compares study captures with reference photos: `face-api` (offline models shipped in the npm
   * package, in a worker thread) or `simulator` (compares nothing and says so). Default: simulator
   * under NODE_ENV=test (fast API tests), face-api otherwise.
   */
  FACE_PROVIDER: z.enum(['face-api', 'simulator']).optional(),
  /**
   * `simulator`: start the local WeChat simulator and point every WeChat base URL at it (dev, demo,
   * tests); `live`: talk to WeChat at the WECHAT_*_BASE URLs. Default: live in production only.
   */
  WECHAT_MODE: z.enum(['simulator', 'live']).optional(),
  /** The simulator's port (simulator mode); a free one is picked when unset. */
  WECHAT_SIM_PORT: z.coerce.number().int().min(0).max(65535).default(0),
  WECHAT_API_BASE: z.url().default('https://api.weixin.qq.com'),
  WECHAT_OPEN_BASE: z.url().default('https://open.weixin.qq.com'),
  WECHAT_MP_BASE: z.url().default('https://mp.weixin.qq.com'),
  WECHAT_PAY_BASE: z.url().default('https://api.mch.weixin.qq.com'),
  /**
   * `simulator`: start the local electronic-invoice platform simulator and issue invoices there (dev,
   * demo, tests); `live`: the platform at EINVOICE_API_BASE with EINVOICE_APP_KEY/SECRET (without
   * them, opening invoices is refused). Default: live in production only.
   */
  EINVOICE_MODE: z.enum(['simulator', 'live']).optional(),
  /** The invoice simulator's port (simulator mode); a free one is picked when unset. */
  EINVOICE_SIM_PORT: z.coerce.number().int().min(0).max(65535).default(0),
  /** How long the invoice simulator takes to issue (ms). */
  EINVOICE_SIM_DELAY_MS: z.coerce.number().int().min(0).max(600_000).default(1500),
  EINVOICE_API_BASE: z.url().optional(),
  EINVOICE_APP_KEY: z.string().min(1).optional(),
  EINVOICE_APP_SECRET: z.string().min(16).optional(),
  /**
   * `simulator`: start the local regulator simulator (docs/regulator.md) and report every project's
   * study records there (dev, demo, tests); `live`: each project's endpoint, or REGULATOR_API_BASE
   * when it names none. Default: live in production only.
   */
  REGULATOR_MODE: z.enum(['simulator', 'live']).optional(),
  /** The regulator simulator's port (simulator mode); a free one is picked when unset. */
  REGULATOR_SIM_PORT: z.coerce.number().int().min(0).max(65535).default(0),
  /** Requests per second the regulator simulator takes from each project before answering RATE_LIMITED. */
  REGULATOR_SIM_RATE_PER_SECOND: z.coerce.number().int().min(1).max(100_000).default(200),
  /** The regulator's endpoint for projects whose push config names none (live mode). */
  REGULATOR_API_BASE: z.url({ protocol: /^https?$/ }).optional(),
  /** How long one request to the regulator may take before it counts as unanswered. */
  REGULATOR_TIMEOUT_MS: z.coerce.number().int().min(100).max(120_000).default(10_000),
  /**
   * `simulator`: start the local identity-verification simulator (docs/identity.md) and check names
   * and ID numbers there (dev, demo, tests); `live`: Tencent Cloud's 身份信息认证 at IDENTITY_API_BASE
   * with IDENTITY_SECRET_ID/KEY (without them, checks are refused). Default: live in production only.
   */
  IDENTITY_MODE: z.enum(['simulator', 'live']).optional(),
  /** The identity simulator's port (simulator mode); a free one is picked when unset. */
  IDENTITY_SIM_PORT: z.coerce.number().int().min(0).max(65535).default(0),
  IDENTITY_API_BASE: z.url({ protocol: /^https?$/ }).default('https://faceid.tencentcloudapi.com'),
  /**
   * The demo partner site's port (docs/partner-api.md "Trying it"; started with the demo data, as
   * the demo project's partner app 演示合作平台); a free one is picked when unset.
   */
  PARTNER_DEMO_PORT: z.coerce.number().int().min(0).max(65535).default(0),
  IDENTITY_SECRET_ID: z.string().min(1).optional(),
  IDENTITY_SECRET_KEY: z.string().min(16).optional(),
  /** How long one identity check may take before it counts as unanswered. */
  IDENTITY_TIMEOUT_MS: z.coerce.number().int().min(100).max(60_000).default(8_000),
  /**
   * `simulator`: start the local Tencent Cloud VOD simulator (docs/vod.md) for projects whose 视频服务
   * is 云点播 (dev, demo, tests); `live`: Tencent Cloud VOD at VOD_API_BASE / VOD_PLAY_BASE with
   * VOD_APP_ID, VOD_SECRET_ID/KEY and VOD_PLAY_KEY (without them, no project can use 云点播).
   * Default: live in production only.
   */
  VOD_MODE: z.enum(['simulator', 'live']).optional(),
  /** The VOD simulator's port (simulator mode); a free one is picked when unset. */
  VOD_SIM_PORT: z.coerce.number().int().min(0).max(65535).default(0),
  VOD_API_BASE: z.url({ protocol: /^https?$/ }).default('https://vod.tencentcloudapi.com'),
  VOD_PLAY_BASE: z.url({ protocol: /^https?$/ }).default('https://playvideo.qcloud.com'),
  /** Path-style upload address instead of `https://<bucket>.cos.<region>.myqcloud.com` (a COS-compatible gateway). */
  VOD_COS_BASE: z.url({ protocol: /^https?$/ }).optional(),
  /** The VOD (sub-)application id (SubAppId). */
  VOD_APP_ID: z.coerce.number().int().min(1).optional(),
  VOD_SECRET_ID: z.string().min(1).optional(),
  VOD_SECRET_KEY: z.string().min(16).optional(),
  /** The application's play key (播放密钥): the psign's HS256 key. */
  VOD_PLAY_KEY: z.string().min(8).optional(),
  /** How long one VOD call may take before it counts as unanswered (an upload request: plus 1 s a MiB). */
  VOD_TIMEOUT_MS: z.coerce.number().int().min(100).max(600_000).default(120_000),
  /**
   * An upload to VOD larger than this many MiB goes to its COS bucket as a multipart upload in parts
   * of this size (COS takes parts of 1 MiB to 5 GiB, at most 10,000); a smaller one in one PUT.
   */
  VOD_UPLOAD_PART_MB: z.coerce.number().int().min(1).max(5120).default(8),
  /** Requests per second one process sends for one project (keep it under the regulator's limit). */
  REGULATOR_RATE_PER_SECOND: z.coerce.number().int().min(1).max(10_000).default(190),
  /** Requests to the regulator in flight at once per project and process (190/s at 250 ms an answer needs 48). */
  REGULATOR_PUSH_CONCURRENCY: z.coerce.number().int().min(1).max(200).default(48),
  /** Failed attempts (no answer, server error) after which a push is given up and shown as failed. */
  REGULATOR_MAX_FAILURES: z.coerce.number().int().min(1).max(100).default(10),
  /** The first retry's wait after a failed attempt (doubling per failure up to REGULATOR_BACKOFF_MAX_MS). */
  REGULATOR_BACKOFF_BASE_MS: z.coerce.number().int().min(10).max(600_000).default(2000),
  REGULATOR_BACKOFF_MAX_MS: z.coerce.number().int().min(10).max(3_600_000).default(60_000),
});

/** The application role's password on the embedded PostgreSQL and in development (loopback only). */
const LOCAL_APP_PASSWORD = 'px_app_local';

export type Env = z.output<typeof envSchema> & {
  DATABASE_APP_PASSWORD: string;
  SEED_DEMO: boolean;
  WECHAT_MODE: 'simulator' | 'live';
  EINVOICE_MODE: 'simulator' | 'live';
  REGULATOR_MODE: 'simulator' | 'live';
  IDENTITY_MODE: 'simulator' | 'live';
  VOD_MODE: 'simulator' | 'live';
  STORAGE_DIR: string;
  FACE_PROVIDER: 'face-api' | 'simulator';
  DRAIN_SECONDS: number;
};

/** Reads and validates the environment; throws listing every bad variable. */
export function loadEnv(source: NodeJS.ProcessEnv = process.env): Env {
  const blankToUndefined = Object.fromEntries(
    Object.entries(source).map(([key, value]) => [key, value === '' ? undefined : value]),
  );
  const result = envSchema.safeParse(blankToUndefined);
  if (!result.success) {
    const problems = result.error.issues
      .map((issue) => `${issue.path.join('.')}: ${issue.message}`)
      .join('; ');
    throw new Error(`Invalid environment: ${problems}`);
  }
  const production = result.data.NODE_ENV === 'production';
  const wechatMode = result.data.WECHAT_MODE ?? (production ? 'live' : 'simulator');
  // WeChat returns people to our pages and followers get our links: the address must be known.
  if (wechatMode === 'live' && !result.data.PUBLIC_URL) {
    throw new Error(
      'Invalid environment: PUBLIC_URL: required when WeChat is live (WECHAT_MODE=live, the production default)',
    );
  }
  if (
    production &&
    result.data.DATABASE_URL &&
    !result.data.DATABASE_APP_URL &&
    !result.data.DATABASE_APP_PASSWORD
  ) {
    throw new Error(
      'Invalid environment: DATABASE_APP_URL: required in production with DATABASE_URL (or DATABASE_APP_PASSWORD for the role px_app)',
    );
  }
  if (result.data.STORAGE_PROVIDER === 's3') {
    const missing = (['S3_BUCKET', 'S3_ACCESS_KEY_ID', 'S3_SECRET_ACCESS_KEY'] as const).filter(
      (name) => !result.data[name],
    );
    if (missing.length)
      throw new Error(`Invalid environment: ${missing.join(', ')}: required with STORAGE_PROVIDER=s3`);
  }
  if (result.data.DATABASE_POOLER === 'transaction' && !result.data.DATABASE_DIRECT_URL) {
    throw new Error(
      'Invalid environment: DATABASE_DIRECT_URL: required with DATABASE_POOLER=transaction (the change feed listens on a session of its own)',
    );
  }
  return {
    ...result.data,
    DATABASE_APP_PASSWORD: result.data.DATABASE_APP_PASSWORD ?? LOCAL_APP_PASSWORD,
    SEED_DEMO: result.data.SEED_DEMO ?? !production,
    DRAIN_SECONDS: result.data.DRAIN_SECONDS ?? (result.data.NODE_ENV === 'test' ? 0 : 5),
    WECHAT_MODE: wechatMode,
    EINVOICE_MODE: result.data.EINVOICE_MODE ?? (production ? 'live' : 'simulator'),
    REGULATOR_MODE: result.data.REGULATOR_MODE ?? (production ? 'live' : 'simulator'),
    IDENTITY_MODE: result.data.IDENTITY_MODE ?? (production ? 'live' : 'simulator'),
    VOD_MODE: result.data.VOD_MODE ?? (production ? 'live' : 'simulator'),
    FACE_PROVIDER: result.data.FACE_PROVIDER ?? (result.data.NODE_ENV === 'test' ? 'simulator' : 'face-api'),
    STORAGE_DIR:
      result.data.STORAGE_DIR ??
      (result.data.NODE_ENV === 'test'
        ? path.join(os.tmpdir(), 'px-test-files')
        : path.join(result.data.DATA_DIR, 'files')),
  };
}
