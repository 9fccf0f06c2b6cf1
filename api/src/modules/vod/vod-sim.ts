import { createHmac, randomBytes, randomUUID } from 'node:crypto';
import { createReadStream, mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { open, rm, stat } from 'node:fs/promises';
import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import {
  closeServer,
  escapeHtml,
  readRequestBody,
  requestHeader,
  sendHtml,
  sendJson,
  startLocalServer,
} from '../../core/local-server';
import { sendTc3Error, tc3RequestFailure } from '../identity/tc3';
import { type ByteSpan, mp4TrialBytes } from '../resource/mp4';
import { cosErrorXml } from './cos';
import { type CosSimMultipartUpload, createCosSim } from './cos-sim';
import { hexTime, hotlinkQuery, hotlinkSign, verifyPsign } from './psign';
import { VOD_SERVICE, VOD_VERSION } from './vod.client';

/**
 * A local simulator of Tencent Cloud VOD (云点播; docs/vod.md), started by the server in simulator
 * mode and printed at start as 云点播 (sim). It enforces what the product relies on:
 * - API 3.0 (`POST /`, TC3-HMAC-SHA256 over service `vod`, 5-minute timestamp window, secret id,
 *   version 2018-07-17): `ApplyUpload` answers a storage location and temporary credentials,
 *   `CommitUpload` turns an uploaded session into a FileId, `DeleteMedia` deletes a file
 *   (`ResourceNotFound.FileNotExist` for a FileId it does not know);
 * - the storage upload to `/<bucket><MediaStoragePath>` (`cos-sim.ts`): one PUT, or a COS multipart
 *   upload (initiate, parts, complete or abort), each request with the COS signature of the
 *   session's temporary key and its `x-cos-security-token`, bodies written to disk as they arrive,
 *   path-style instead of COS's `<bucket>.cos.<region>.myqcloud.com` host (a documented simplification);
 * - play info (`GET /getplayinfo/v4/<appId>/<fileId>?psign=`): the psign must be the app's
 *   play key's HS256 JWT naming this appId and fileId and not expired; else `{ code, message,
 *   requestId }` with a non-zero code;
 * - media (`GET /vod/<appId>/<fileId>/f0.<ext>?t=&exper=&us=&sign=`): the Key hotlink signature and
 *   the expiry `t`; a trial URL (`exper`) serves only the bytes of the first `exper` seconds of an
 *   MP4 (its media start and the moov) and refuses ranges beyond (403).
 * An outage can be switched on (`setFault`, or the page's form posting `/sim/fault`): the API and
 * play info then answer HTTP 503 with a gateway's HTML page, as a service out of order does.
 */

export const SIM_VOD_CREDENTIALS = {
  appId: 1500000001,
  secretId: 'AKIDsimVod000000000000000000000000',
  secretKey: 'sim-vod-secret-key-0123456789abcd',
  playKey: 'sim-vod-play-key-0123456789',
};

/** A fault switched on in the simulator: `outage` answers 503 to the API and play info. */
export type SimVodFault = 'none' | 'outage';
const SIM_VOD_FAULTS: readonly SimVodFault[] = ['none', 'outage'];

/** The simulator's play-info error codes (non-zero: refused). */
export const SIM_PLAY_ERRORS = {
  malformed: { code: 4000, status: 400, message: 'psign 格式错误' },
  signature: { code: 4001, status: 403, message: 'psign 签名校验失败' },
  mismatch: { code: 4002, status: 403, message: 'psign 与请求的 appId / fileId 不符' },
  expired: { code: 4003, status: 403, message: 'psign 已过期' },
  notFound: { code: 4004, status: 404, message: '文件不存在' },
} as const;

export interface VodSimulatorOptions {
  appId?: number;
  secretId?: string;
  secretKey?: string;
  playKey?: string;
  /** Where uploaded files (and their index, `files.json`) are kept; default a new temporary folder. */
  dir?: string;
  /** Largest accepted upload in bytes (default 2 GiB). */
  maxUploadBytes?: number;
  /** Smallest part but the last of a multipart upload, in bytes (default 1 MiB, as COS). */
  minPartBytes?: number;
  /** Tests: the clock (Unix seconds). */
  now?: () => number;
}

export interface SimVodFile {
  fileId: string;
  name: string;
  type: string;
  size: number;
  path: string;
  createdAt: string;
}

export interface VodSimulator {
  listen(port?: number, host?: string): Promise<string>;
  url(): string;
  close(): Promise<void>;
  readonly appId: number;
  readonly secretId: string;
  readonly secretKey: string;
  readonly playKey: string;
  files(): readonly SimVodFile[];
  /** Bytes received by upload PUTs (objects and parts) so far, counted as they arrive (tests: that uploads stream). */
  receivedBytes(): number;
  /** The multipart uploads started and neither completed nor aborted. */
  multipartUploads(): CosSimMultipartUpload[];
  /** Switches an outage on (`outage`: the API and play info answer 503) or off (`none`). */
  setFault(fault: SimVodFault): void;
}

interface UploadSession {
  bucket: string;
  storagePath: string;
  mediaName: string;
  mediaType: string;
  tmpSecretId: string;
  tmpSecretKey: string;
  token: string;
  expiresAt: number;
  file: { path: string; size: number; type: string } | null;
}

const CONTENT_TYPES: Record<string, string> = { mp4: 'video/mp4', mov: 'video/quicktime', m4v: 'video/mp4' };

export function createVodSimulator(options: VodSimulatorOptions = {}): VodSimulator {
  const appId = options.appId ?? SIM_VOD_CREDENTIALS.appId;
  const secretId = options.secretId ?? SIM_VOD_CREDENTIALS.secretId;
  const secretKey = options.secretKey ?? SIM_VOD_CREDENTIALS.secretKey;
  const playKey = options.playKey ?? SIM_VOD_CREDENTIALS.playKey;
  /** The playback domain's Key hotlink key (the simulator's own; players never see it). */
  const hotlinkKey = createHmac('sha256', playKey).update('hotlink').digest('hex').slice(0, 24);
  const maxUpload = options.maxUploadBytes ?? 2 * 1024 ** 3;
  const now = options.now ?? (() => Math.floor(Date.now() / 1000));
  const dir = options.dir ?? mkdtempSync(path.join(tmpdir(), 'vod-sim-'));
  const bucket = `vod-sim-${appId}`;
  const sessions = new Map<string, UploadSession>();
  const files = new Map<string, SimVodFile>();
  // The files' index is kept beside them, so uploads survive a restart (with a `dir` of one's own).
  const indexFile = path.join(dir, 'files.json');
  mkdirSync(dir, { recursive: true });
  try {
    for (const file of JSON.parse(readFileSync(indexFile, 'utf8')) as SimVodFile[])
      files.set(file.fileId, file);
  } catch {
    // No index yet.
  }
  const persist = () => writeFileSync(indexFile, JSON.stringify([...files.values()]));
  const trialSpans = new Map<string, Promise<ByteSpan[]>>();
  let server: Server | null = null;
  let baseUrl = '';
  const sessionAt = (pathname: string) =>
    [...sessions.values()].find((session) => `/${session.bucket}${session.storagePath}` === pathname);
  const cos = createCosSim({
    dir,
    maxUploadBytes: maxUpload,
    minPartBytes: options.minPartBytes ?? 1024 ** 2,
    now,
    target(pathname) {
      const session = sessionAt(pathname);
      return session
        ? {
            secretId: session.tmpSecretId,
            secretKey: session.tmpSecretKey,
            token: session.token,
            expiresAt: session.expiresAt,
            extension: session.mediaType,
          }
        : null;
    },
    async stored(pathname, file) {
      const session = sessionAt(pathname);
      if (!session) return void (await rm(file.path, { force: true }));
      if (session.file) await rm(session.file.path, { force: true });
      session.file = { ...file, type: CONTENT_TYPES[session.mediaType] ?? 'video/mp4' };
    },
  });
  let fault: SimVodFault = 'none';

  /** COS (which serves the media too) answers errors as XML. */
  const cosError = (res: ServerResponse, status: number, code: string, message: string) => {
    res.writeHead(status, { 'content-type': 'application/xml' });
    res.end(cosErrorXml(code, message, randomUUID()));
  };

  function apiAuthFailure(req: IncomingMessage, body: string): [string, string] | null {
    const unsigned = tc3RequestFailure({
      header: (name) => requestHeader(req, name),
      body,
      secretId,
      secretKey,
      service: VOD_SERVICE,
      now: now(),
    });
    if (unsigned) return unsigned;
    if (requestHeader(req, 'x-tc-version') !== VOD_VERSION)
      return ['NoSuchVersion', `接口版本不存在，本接口取值 ${VOD_VERSION}`];
    return null;
  }

  async function api(req: IncomingMessage, res: ServerResponse) {
    const raw = await readRequestBody(req, 64 * 1024);
    if (!raw) return sendTc3Error(res, 'InvalidParameter', '请求体过大');
    const body = raw.toString('utf8');
    const failure = apiAuthFailure(req, body);
    if (failure) return sendTc3Error(res, ...failure);
    let params: Record<string, unknown>;
    try {
      params = JSON.parse(body) as Record<string, unknown>;
    } catch {
      return sendTc3Error(res, 'InvalidParameter', '请求体不是 JSON');
    }
    if (params.SubAppId !== undefined && params.SubAppId !== appId)
      return sendTc3Error(res, 'InvalidParameterValue.SubAppId', '子应用不存在');
    const action = requestHeader(req, 'x-tc-action');
    if (action === 'ApplyUpload') {
      const mediaType = String(params.MediaType ?? '').toLowerCase();
      if (!CONTENT_TYPES[mediaType])
        return sendTc3Error(res, 'InvalidParameterValue.MediaType', '媒体类型不支持');
      const sessionKey = randomBytes(16).toString('hex');
      const session: UploadSession = {
        bucket,
        storagePath: `/${appId}/${randomBytes(6).toString('hex')}/${sessionKey.slice(0, 8)}.${mediaType}`,
        mediaName: String(params.MediaName ?? 'video').slice(0, 64),
        mediaType,
        tmpSecretId: `AKIDtmp${randomBytes(10).toString('hex')}`,
        tmpSecretKey: randomBytes(16).toString('hex'),
        token: randomBytes(24).toString('hex'),
        expiresAt: now() + 3600,
        file: null,
      };
      sessions.set(sessionKey, session);
      return sendJson(res, {
        Response: {
          StorageBucket: bucket,
          StorageRegion: 'ap-sim',
          VodSessionKey: sessionKey,
          MediaStoragePath: session.storagePath,
          TempCertificate: {
            SecretId: session.tmpSecretId,
            SecretKey: session.tmpSecretKey,
            Token: session.token,
            ExpiredTime: session.expiresAt,
          },
          RequestId: randomUUID(),
        },
      });
    }
    if (action === 'CommitUpload') {
      const session = sessions.get(String(params.VodSessionKey ?? ''));
      if (!session || session.expiresAt < now())
        return sendTc3Error(res, 'InvalidParameterValue.VodSessionKey', 'VodSessionKey 无效或已过期');
      if (!session.file) return sendTc3Error(res, 'FailedOperation.MediaNotUploaded', '媒体文件尚未上传');
      sessions.delete(String(params.VodSessionKey));
      const fileId = `${Date.now()}${randomBytes(3).readUIntBE(0, 3).toString().padStart(8, '0')}`;
      files.set(fileId, {
        fileId,
        name: session.mediaName,
        type: session.file.type,
        size: session.file.size,
        path: session.file.path,
        createdAt: new Date(now() * 1000).toISOString(),
      });
      persist();
      return sendJson(res, {
        Response: {
          FileId: fileId,
          MediaUrl: `${baseUrl}/vod/${appId}/${fileId}/f0.${session.mediaType}`,
          RequestId: randomUUID(),
        },
      });
    }
    if (action === 'DeleteMedia') {
      const fileId = params.FileId;
      if (typeof fileId !== 'string' || !fileId)
        return sendTc3Error(res, 'MissingParameter', '缺少参数 FileId');
      const file = files.get(fileId);
      if (!file) return sendTc3Error(res, 'ResourceNotFound.FileNotExist', '资源不存在：文件不存在。');
      files.delete(fileId);
      persist();
      for (const key of trialSpans.keys()) if (key.startsWith(`${fileId}:`)) trialSpans.delete(key);
      await rm(file.path, { force: true });
      return sendJson(res, { Response: { RequestId: randomUUID() } });
    }
    return sendTc3Error(res, 'InvalidAction', '接口不存在');
  }

  function playInfo(res: ServerResponse, appIdText: string, fileId: string, psign: string) {
    const refuse = (problem: keyof typeof SIM_PLAY_ERRORS) => {
      const error = SIM_PLAY_ERRORS[problem];
      sendJson(res, { code: error.code, message: error.message, requestId: randomUUID() }, error.status);
    };
    if (Number(appIdText) !== appId) return refuse('mismatch');
    const check = verifyPsign(playKey, psign, { appId, fileId }, now());
    if (!check.ok) return refuse(check.problem);
    const file = files.get(fileId);
    if (!file) return refuse('notFound');
    const access = check.payload.urlAccessInfo ?? {};
    const expires = access.t ?? hexTime(check.payload.expireTimeStamp ?? now() + 86400);
    const mediaPath = `/vod/${appId}/${fileId}/f0${path.extname(file.path)}`;
    const url = `${baseUrl}${hotlinkQuery(hotlinkKey, mediaPath, {
      t: expires,
      ...(access.exper !== undefined ? { exper: access.exper } : {}),
      ...(access.rlimit !== undefined ? { rlimit: access.rlimit } : {}),
      ...(access.us !== undefined ? { us: access.us } : {}),
    })}`;
    sendJson(res, {
      code: 0,
      message: 'success',
      requestId: randomUUID(),
      media: {
        basicInfo: { name: file.name, size: file.size, duration: null },
        audioVideoType: 'Original',
        originalInfo: { url },
        trialInfo: access.exper !== undefined ? { exper: access.exper } : null,
      },
    });
  }

  function spansOf(file: SimVodFile, seconds: number): Promise<ByteSpan[]> {
    const key = `${file.fileId}:${seconds}`;
    let spans = trialSpans.get(key);
    if (!spans) {
      spans = (async () => {
        const handle = await open(file.path, 'r');
        try {
          const bytes = await mp4TrialBytes(
            async (offset, length) => {
              const buffer = Buffer.alloc(length);
              const { bytesRead } = await handle.read(buffer, 0, length, offset);
              return buffer.subarray(0, bytesRead);
            },
            file.size,
            seconds,
          );
          return [{ start: 0, end: bytes.mediaEnd }, bytes.moov];
        } finally {
          await handle.close();
        }
      })();
      spans.catch(() => trialSpans.delete(key));
      trialSpans.set(key, spans);
    }
    return spans;
  }

  async function media(req: IncomingMessage, res: ServerResponse, url: URL) {
    const match = /^\/vod\/(\d+)\/([0-9A-Za-z]+)\/f0\.[a-z0-9]+$/.exec(url.pathname);
    const file = match && Number(match[1]) === appId ? files.get(match[2] as string) : undefined;
    if (!file) return cosError(res, 404, 'NoSuchKey', '文件不存在');
    const q = url.searchParams;
    const t = q.get('t') ?? '';
    const exper = q.has('exper') ? Number(q.get('exper')) : undefined;
    const rlimit = q.has('rlimit') ? Number(q.get('rlimit')) : undefined;
    const us = q.get('us') ?? undefined;
    const expected = hotlinkSign(hotlinkKey, url.pathname, {
      t,
      ...(exper !== undefined ? { exper } : {}),
      ...(rlimit !== undefined ? { rlimit } : {}),
      ...(us !== undefined ? { us } : {}),
    });
    if (!/^[0-9a-f]{1,12}$/.test(t) || q.get('sign') !== expected)
      return cosError(res, 403, 'SignatureDoesNotMatch', '防盗链签名错误');
    if (Number.parseInt(t, 16) <= now()) return cosError(res, 403, 'RequestExpired', '播放地址已过期');
    if (exper !== undefined && !(Number.isInteger(exper) && exper > 0))
      return cosError(res, 403, 'InvalidArgument', 'exper 无效');
    const size = (await stat(file.path)).size;
    let start = 0;
    let end = size; // exclusive
    const range = /^bytes=(\d*)-(\d*)$/.exec(requestHeader(req, 'range') ?? '');
    if (range) {
      if (range[1] === '') {
        start = Math.max(0, size - Number(range[2]));
      } else {
        start = Number(range[1]);
        if (range[2] !== '') end = Math.min(size, Number(range[2]) + 1);
      }
      if (start >= size || start >= end) {
        res.writeHead(416, { 'content-range': `bytes */${size}` });
        return res.end();
      }
    }
    if (exper !== undefined) {
      let spans: ByteSpan[];
      try {
        spans = await spansOf(file, exper);
      } catch {
        return cosError(res, 403, 'TrialUnavailable', '该文件不支持试看');
      }
      const span = spans.find((s) => start >= s.start && start < s.end);
      if (!span) return cosError(res, 403, 'TrialExceeded', '超出试看范围');
      end = Math.min(end, span.end);
    }
    const partial = Boolean(range) || exper !== undefined;
    res.writeHead(partial ? 206 : 200, {
      'content-type': file.type,
      'content-length': String(end - start),
      'accept-ranges': 'bytes',
      ...(partial ? { 'content-range': `bytes ${start}-${end - 1}/${size}` } : {}),
    });
    if (req.method === 'HEAD') return res.end();
    createReadStream(file.path, { start, end: end - 1 }).pipe(res);
  }

  /** A service out of order: its gateway's page, not the service's JSON. */
  function outage(res: ServerResponse) {
    res.writeHead(503, { 'content-type': 'text/html; charset=utf-8' });
    res.end('<html><head><title>503 Service Temporarily Unavailable</title></head><body>503</body></html>');
  }

  function page(res: ServerResponse) {
    const rows = [...files.values()]
      .map(
        (f) =>
          `<tr><td>${escapeHtml(f.fileId)}</td><td>${escapeHtml(f.name)}</td><td>${f.size}</td><td>${escapeHtml(f.createdAt)}</td></tr>`,
      )
      .join('');
    sendHtml(
      res,
      `<!doctype html><meta charset="utf-8"><title>云点播（模拟）</title><h1>云点播（模拟）</h1>` +
        `<p>这是本地模拟的腾讯云点播服务，不连接真实云服务。应用 ${appId}；已上传 ${files.size} 个文件。</p>` +
        `<table border="1" cellpadding="4"><tr><th>FileId</th><th>名称</th><th>字节</th><th>上传时间</th></tr>${rows}</table>` +
        `<h2>故障模拟</h2><form method="post" action="/sim/fault"><select name="fault">` +
        `<option value="none"${fault === 'none' ? ' selected' : ''}>正常</option>` +
        `<option value="outage"${fault === 'outage' ? ' selected' : ''}>服务中断（503）</option>` +
        `</select> <button>设置</button></form>`,
    );
  }

  async function handle(req: IncomingMessage, res: ServerResponse) {
    const url = new URL(req.url ?? '/', 'http://sim');
    if (req.method === 'POST' && url.pathname === '/sim/fault') {
      const raw = await readRequestBody(req, 1024);
      const chosen = new URLSearchParams(raw?.toString('utf8') ?? '').get('fault');
      if (!SIM_VOD_FAULTS.includes(chosen as SimVodFault)) return sendJson(res, { error: 'fault' }, 400);
      fault = chosen as SimVodFault;
      res.writeHead(303, { location: '/' });
      return res.end();
    }
    // An outage takes the API and play info; the page stays (to switch it off).
    const service =
      (req.method === 'POST' && url.pathname === '/') || url.pathname.startsWith('/getplayinfo/');
    if (fault === 'outage' && service) {
      req.resume();
      return outage(res);
    }
    if (req.method === 'POST' && url.pathname === '/') return api(req, res);
    if (req.method === 'PUT' || req.method === 'DELETE' || (req.method === 'POST' && url.pathname !== '/'))
      return cos.handle(req, res, url);
    const play = /^\/getplayinfo\/v4\/(\d+)\/([^/]+)$/.exec(url.pathname);
    if (req.method === 'GET' && play)
      return playInfo(
        res,
        play[1] as string,
        decodeURIComponent(play[2] as string),
        url.searchParams.get('psign') ?? '',
      );
    if ((req.method === 'GET' || req.method === 'HEAD') && url.pathname.startsWith('/vod/'))
      return media(req, res, url);
    if (req.method === 'GET' && url.pathname === '/') return page(res);
    sendJson(res, { code: 404, message: 'not found' }, 404);
  }

  return {
    appId,
    secretId,
    secretKey,
    playKey,
    async listen(port = 0, host = '127.0.0.1') {
      ({ server, url: baseUrl } = await startLocalServer(
        handle,
        (res, error) => {
          if (!res.headersSent) sendJson(res, { code: 500, message: error.message }, 500);
          else res.destroy();
        },
        port,
        host,
      ));
      return baseUrl;
    },
    url: () => baseUrl,
    close: () => closeServer(server),
    files: () => [...files.values()],
    receivedBytes: () => cos.receivedBytes(),
    multipartUploads: () => cos.multipartUploads(),
    setFault(chosen) {
      fault = chosen;
    },
  };
}
