import type { WechatEndpoints } from '@px/wechat';
import type { Providers } from './core/action';
import { systemClock } from './core/clock';
import { createMetrics } from './core/metrics';
import type { Env } from './env';
import { createFaceProvider } from './modules/face/face-provider';
import { createFaceidClient } from './modules/identity/identity.provider';
import { createEinvoiceClient } from './modules/invoice/einvoice/einvoice.provider';
import { createRegulatorProvider } from './modules/regulator/regulator.provider';
import { isLocalVideoProvider, videoProviderFromEnv } from './modules/resource/video-provider';
import { createSmsProvider } from './modules/sms/sms.provider';
import { fileStorageFromEnv } from './modules/storage/file-storage';
import type { S3StorageOptions } from './modules/storage/s3-storage';
import {
  type VodSimulatorSettings,
  vodClientFromEnv,
  vodCloudVideo,
  withCloudVod,
} from './modules/vod/vod.provider';
import { createWechatGateway } from './modules/wechat/wechat.gateway';

/** What only the running server knows when the providers are built. */
export interface ProviderOptions {
  /** Simulator mode: the WeChat simulator's addresses and its bridge script; else WeChat's (`WECHAT_*_BASE`). */
  wechatSimulator?: { endpoints: WechatEndpoints; bridgeScript: string };
  /** Simulator mode: the electronic-invoice simulator's address and app key; else EINVOICE_*. */
  einvoiceSimulator?: { url: string; appKey: string; appSecret: string };
  /** Simulator mode: the regulator simulator's address; else each project's endpoint or REGULATOR_API_BASE. */
  regulatorSimulatorUrl?: string;
  /** Simulator mode: the identity simulator's address and credentials; else IDENTITY_*. */
  identitySimulator?: { url: string; secretId: string; secretKey: string };
  /** STORAGE_PROVIDER=s3-simulator: the S3 simulator's connection. */
  s3Simulator?: S3StorageOptions;
  /** Simulator mode: the cloud VOD simulator's address and credentials; else VOD_*. */
  vodSimulator?: VodSimulatorSettings;
}

/**
 * Builds the outside systems the product talks to (file storage, SMS, video, WeChat, ...) once at
 * start, from the validated environment; actions and jobs receive them in their scope.
 */
export function createProviders(env: Env, options: ProviderOptions = {}): Providers {
  const metrics = createMetrics();
  const vod = vodClientFromEnv(env, options.vodSimulator, metrics.timedFetch('vod'));
  const localVideo = videoProviderFromEnv(env);
  return {
    clock: systemClock,
    metrics,
    face: createFaceProvider(env.FACE_PROVIDER),
    storage: fileStorageFromEnv(env, options.s3Simulator),
    video: isLocalVideoProvider(localVideo) ? withCloudVod(localVideo, vod) : localVideo,
    vod,
    cloudVideo: vod && vodCloudVideo(vod),
    sms: createSmsProvider(env.SMS_PROVIDER),
    einvoice: createEinvoiceClient({
      baseUrl: options.einvoiceSimulator?.url ?? env.EINVOICE_API_BASE ?? 'http://127.0.0.1:9',
      appKey: options.einvoiceSimulator?.appKey ?? env.EINVOICE_APP_KEY ?? null,
      appSecret: options.einvoiceSimulator?.appSecret ?? env.EINVOICE_APP_SECRET ?? null,
      publicUrl: env.PUBLIC_URL ?? null,
      fetch: metrics.timedFetch('einvoice'),
    }),
    identity: createFaceidClient({
      baseUrl: options.identitySimulator?.url ?? env.IDENTITY_API_BASE,
      secretId: options.identitySimulator?.secretId ?? env.IDENTITY_SECRET_ID ?? null,
      secretKey: options.identitySimulator?.secretKey ?? env.IDENTITY_SECRET_KEY ?? null,
      simulated: env.IDENTITY_MODE === 'simulator',
      timeoutMs: env.IDENTITY_TIMEOUT_MS,
      fetch: metrics.timedFetch('identity'),
    }),
    regulator: createRegulatorProvider({
      mode: env.REGULATOR_MODE,
      simulatorUrl: options.regulatorSimulatorUrl ?? null,
      defaultEndpoint: env.REGULATOR_API_BASE ?? null,
      timeoutMs: env.REGULATOR_TIMEOUT_MS,
      pipeline: {
        ratePerSecond: env.REGULATOR_RATE_PER_SECOND,
        concurrency: env.REGULATOR_PUSH_CONCURRENCY,
        maxFailures: env.REGULATOR_MAX_FAILURES,
        backoffBaseMs: env.REGULATOR_BACKOFF_BASE_MS,
        backoffMaxMs: env.REGULATOR_BACKOFF_MAX_MS,
      },
      fetch: metrics.timedFetch('regulator'),
    }),
    wechat: createWechatGateway({
      endpoints: options.wechatSimulator?.endpoints ?? {
        api: env.WECHAT_API_BASE,
        open: env.WECHAT_OPEN_BASE,
        mp: env.WECHAT_MP_BASE,
        pay: env.WECHAT_PAY_BASE,
      },
      publicUrl: env.PUBLIC_URL ?? null,
      bridgeScript: options.wechatSimulator?.bridgeScript ?? null,
      fetch: metrics.timedFetch('wechat'),
    }),
  };
}
