import { randomBytes } from 'node:crypto';
import { tc3Authorization } from '../identity/tc3';
import { COS_DEFAULT_PART_SIZE, CosUploadError, type CosUploadSource, uploadToCos } from './cos-upload';
import { hexTime, type PsignPayload, signPsign } from './psign';

/**
 * A client of Tencent Cloud VOD (云点播) as the product uses it (docs/vod.md): upload a video
 * (API 3.0 `ApplyUpload` → the file to the returned COS location, signed with the temporary
 * credentials and streamed: one PUT, or a COS multipart upload above the part size (`cos-upload.ts`)
 * → `CommitUpload`, which answers the FileId), delete one (`DeleteMedia`),
 * sign a player signature (`psign`) for one file, optionally a trial of N seconds, and fetch the
 * play info a player fetches with it (`/getplayinfo/v4/<appId>/<fileId>?psign=`). The local
 * simulator (`vod-sim.ts`) speaks and enforces the same.
 */

/** The service name in the TC3 credential scope and the API version. */
export const VOD_SERVICE = 'vod';
export const VOD_VERSION = '2018-07-17';

export interface VodClientSettings {
  /** API 3.0 endpoint, `https://vod.tencentcloudapi.com`, or the simulator's. */
  apiBase: string;
  /** The play-info service, `https://playvideo.qcloud.com`, or the simulator's. */
  playBase: string;
  /** Where uploads go; null: `https://<bucket>.cos.<region>.myqcloud.com` as ApplyUpload answers. */
  cosBase: string | null;
  /** The VOD (sub-)application id. */
  appId: number;
  secretId: string;
  secretKey: string;
  /** The application's play key (播放密钥), the psign's HS256 key. */
  playKey: string;
  simulated: boolean;
  timeoutMs?: number;
  /**
   * A file larger than this goes to COS in parts of this size (multipart upload), a smaller one in
   * one PUT. Default 8 MiB (raised for a file of more than 10,000 parts).
   */
  partSize?: number;
  /** How many more times a failed request to COS (a part, the PUT) is sent; default 3. */
  retries?: number;
  /** The wait before the first resend, doubling with each; default 1000 ms. */
  retryDelayMs?: number;
  /** Tests: the clock (Unix seconds). */
  now?: () => number;
  fetch?: (input: string, init?: RequestInit) => Promise<Response>;
}

/** A call the service refused or that could not be made; `code` is the service's error code. */
export class VodError extends Error {
  constructor(
    readonly code: string,
    /** The service's reason as it gave it (the message prefixes the code). */
    readonly reason: string,
    readonly requestId: string | null = null,
  ) {
    super(`${code}: ${reason}`);
    this.name = 'VodError';
  }
}

/** Codes of calls that did not reach the service or got nothing readable back (not refusals). */
export const VOD_UNREACHABLE_CODES: ReadonlySet<string> = new Set(['Unreachable', 'BadAnswer']);

/** What the play-info service answers to a valid psign (the fields the product reads). */
export interface VodPlayInfo {
  fileId: string;
  /** The signed media URL (Key hotlink parameters; a trial's limited to `exper` seconds). */
  url: string;
  /** The URL's expiry (from its `t`), or null when it does not expire. */
  urlExpiresAt: Date | null;
  /** Trial seconds, or null for the whole video. */
  trialSeconds: number | null;
  duration: number | null;
  size: number | null;
}

export interface VodPlaySignature {
  appId: number;
  fileId: string;
  psign: string;
  expiresAt: Date;
}

/**
 * A file to upload: its size, name and type, and its bytes as streams, whole or by byte range
 * (`open`, from the file storage: never held whole in memory; a part is opened again to resend it).
 */
export interface VodUploadSource extends CosUploadSource {
  name: string;
}

/** The error code of a FileId the service does not know (DeleteMedia, and other media calls). */
export const VOD_FILE_NOT_FOUND = 'ResourceNotFound.FileNotExist';

export interface VodClient {
  readonly appId: number;
  readonly simulated: boolean;
  /**
   * Uploads a file, streaming it to the storage location (in parts above the part size, a failed
   * part sent again, a failed multipart upload aborted); answers its FileId. Throws VodError
   * (`UploadFailed` when COS refused, naming its error code; `Unreachable`; `SourceFailed`).
   */
  upload(source: VodUploadSource): Promise<{ fileId: string }>;
  /**
   * Deletes a file and everything made of it (`DeleteMedia` without `DeleteParts`). Throws VodError,
   * with code VOD_FILE_NOT_FOUND when the service does not know the FileId.
   */
  deleteMedia(fileId: string): Promise<void>;
  /** A psign for `fileId` valid `ttlSeconds`; a trial when `trialSeconds` is given. */
  signPlay(fileId: string, ttlSeconds: number, trialSeconds?: number, now?: Date): VodPlaySignature;
  /** The play info for a psign, as the player SDK fetches it. */
  playInfo(fileId: string, psign: string): Promise<VodPlayInfo>;
}

interface ApiAnswer {
  Response?: Record<string, unknown> & {
    RequestId?: string;
    Error?: { Code?: string; Message?: string };
  };
}

export function createVodClient(settings: VodClientSettings): VodClient {
  const apiBase = settings.apiBase.replace(/\/$/, '');
  const playBase = settings.playBase.replace(/\/$/, '');
  const host = new URL(apiBase).host;
  const send = settings.fetch ?? ((input: string, init?: RequestInit) => fetch(input, init));
  const now = settings.now ?? (() => Math.floor(Date.now() / 1000));
  const timeoutMs = settings.timeoutMs ?? 30_000;
  const timeout = () => AbortSignal.timeout(timeoutMs);

  async function call(action: string, params: Record<string, unknown>): Promise<Record<string, unknown>> {
    const payload = JSON.stringify({ SubAppId: settings.appId, ...params });
    const timestamp = now();
    const signed = {
      'content-type': 'application/json; charset=utf-8',
      host,
      'x-tc-action': action.toLowerCase(),
    };
    const authorization = tc3Authorization(settings.secretId, settings.secretKey, {
      method: 'POST',
      query: '',
      headers: signed,
      payload,
      service: VOD_SERVICE,
      timestamp,
    });
    let response: Response;
    try {
      response = await send(`${apiBase}/`, {
        method: 'POST',
        headers: {
          Authorization: authorization,
          'Content-Type': signed['content-type'],
          'X-TC-Action': action,
          'X-TC-Version': VOD_VERSION,
          'X-TC-Timestamp': String(timestamp),
        },
        body: payload,
        signal: timeout(),
      });
    } catch (error) {
      throw new VodError('Unreachable', `云点播服务无法连接：${(error as Error).message}`);
    }
    const answer = (await response.json().catch(() => null)) as ApiAnswer | null;
    const body = answer?.Response;
    if (!body) throw new VodError('BadAnswer', `云点播服务答复无法读取（HTTP ${response.status}）`);
    if (body.Error)
      throw new VodError(body.Error.Code ?? 'Error', body.Error.Message ?? '', body.RequestId ?? null);
    return body;
  }

  return {
    appId: settings.appId,
    simulated: settings.simulated,

    async upload(source) {
      const { name } = source;
      const dot = name.lastIndexOf('.');
      const mediaType = dot >= 0 ? name.slice(dot + 1).toLowerCase() : 'mp4';
      const applied = await call('ApplyUpload', {
        MediaType: mediaType,
        MediaName: dot >= 0 ? name.slice(0, dot) : name,
      });
      const bucket = String(applied.StorageBucket ?? '');
      const region = String(applied.StorageRegion ?? '');
      const storagePath = String(applied.MediaStoragePath ?? '');
      const sessionKey = String(applied.VodSessionKey ?? '');
      const credential = applied.TempCertificate as
        | { SecretId?: string; SecretKey?: string; Token?: string }
        | undefined;
      if (!storagePath || !sessionKey || !credential?.SecretId || !credential.SecretKey)
        throw new VodError('BadAnswer', 'ApplyUpload 答复缺少上传位置或临时密钥');
      // The bucket's own host, or path-style through a COS-compatible gateway (the simulator).
      const path = settings.cosBase ? `/${bucket}${storagePath}` : storagePath;
      const cosBase = (settings.cosBase ?? `https://${bucket}.cos.${region}.myqcloud.com`).replace(/\/$/, '');
      try {
        await uploadToCos(
          {
            url: `${cosBase}${path}`,
            path,
            secretId: credential.SecretId,
            secretKey: credential.SecretKey,
            token: credential.Token ?? '',
          },
          source,
          {
            fetch: send,
            now,
            timeoutMs,
            partSize: settings.partSize ?? COS_DEFAULT_PART_SIZE,
            retries: settings.retries ?? 3,
            retryDelayMs: settings.retryDelayMs ?? 1000,
          },
        );
      } catch (error) {
        if (error instanceof CosUploadError) throw new VodError(error.code, error.message);
        throw error;
      }
      const committed = await call('CommitUpload', { VodSessionKey: sessionKey });
      if (typeof committed.FileId !== 'string')
        throw new VodError('BadAnswer', 'CommitUpload 答复缺少 FileId');
      return { fileId: committed.FileId };
    },

    async deleteMedia(fileId) {
      await call('DeleteMedia', { FileId: fileId });
    },

    signPlay(fileId, ttlSeconds, trialSeconds, at) {
      const current = at ? Math.floor(at.getTime() / 1000) : now();
      const expire = current + ttlSeconds;
      const payload: PsignPayload = {
        appId: settings.appId,
        fileId,
        contentInfo: { audioVideoType: 'Original' },
        currentTimeStamp: current,
        expireTimeStamp: expire,
        urlAccessInfo: {
          t: hexTime(expire),
          us: randomBytes(8).toString('hex'),
          ...(trialSeconds !== undefined ? { exper: trialSeconds } : {}),
        },
      };
      return {
        appId: settings.appId,
        fileId,
        psign: signPsign(settings.playKey, payload),
        expiresAt: new Date(expire * 1000),
      };
    },

    async playInfo(fileId, psign) {
      const target = `${playBase}/getplayinfo/v4/${settings.appId}/${encodeURIComponent(fileId)}?psign=${encodeURIComponent(psign)}`;
      let response: Response;
      try {
        response = await send(target, { signal: timeout() });
      } catch (error) {
        throw new VodError('Unreachable', `云点播播放服务无法连接：${(error as Error).message}`);
      }
      const answer = (await response.json().catch(() => null)) as {
        code?: number;
        message?: string;
        requestId?: string;
        media?: {
          basicInfo?: { duration?: number; size?: number };
          originalInfo?: { url?: string };
          trialInfo?: { exper?: number } | null;
        };
      } | null;
      if (!answer || typeof answer.code !== 'number')
        throw new VodError('BadAnswer', `云点播播放服务答复无法读取（HTTP ${response.status}）`);
      if (answer.code !== 0)
        throw new VodError(String(answer.code), answer.message ?? '', answer.requestId ?? null);
      const url = answer.media?.originalInfo?.url;
      if (!url) throw new VodError('BadAnswer', '播放信息缺少播放地址');
      const t = new URL(url).searchParams.get('t');
      return {
        fileId,
        url,
        urlExpiresAt: t ? new Date(Number.parseInt(t, 16) * 1000) : null,
        trialSeconds: answer.media?.trialInfo?.exper ?? null,
        duration: answer.media?.basicInfo?.duration ?? null,
        size: answer.media?.basicInfo?.size ?? null,
      };
    },
  };
}
