import { createCipheriv, createHmac, timingSafeEqual } from 'node:crypto';
import { audioLanguageName } from '@px/config';

/** The renditions of a package: SD (标清) always, HD (高清) for the quality choice (`videoShowHd`). */
export const HLS_RENDITIONS = ['sd', 'hd'] as const;
export type HlsRenditionName = (typeof HLS_RENDITIONS)[number];

/** What the player shows for each rendition. */
export const HLS_RENDITION_LABELS: Record<HlsRenditionName, string> = { sd: '标清', hd: '高清' };

/** One rendition of a package: its picture, its peak bit rate and its segments' durations (seconds). */
export interface HlsRendition {
  name: HlsRenditionName;
  width: number;
  height: number;
  /** Peak bits per second of a segment (the playlist's BANDWIDTH). */
  bandwidth: number;
  segments: number[];
}

/** The most audio renditions (languages) a package holds: `a0` … `a7`. */
export const HLS_AUDIO_MAX = 8;

/**
 * An audio rendition of a package whose file has several languages (`videoLanguage`): one
 * language's track, its playlist `<name>.m3u8` and segments `<name>/<n>.ts` (encrypted with the
 * package's key like the pictures'). `a0` is the DEFAULT one (the file's default track).
 */
export interface HlsAudioRendition {
  /** `a0`, `a1`, … (fewer than HLS_AUDIO_MAX). */
  name: string;
  /** The language's RFC 5646 tag (`zh`, `yue`, `en`: @px/config audio-language.ts). */
  language: string;
  /** Peak bits per second of a segment. */
  bandwidth: number;
  segments: number[];
}

/** What a media playlist is made of: a video or an audio rendition. */
export type HlsMedia = Pick<HlsRendition | HlsAudioRendition, 'name' | 'segments'>;

/**
 * An encrypted HLS package of a video (the `resource.hls` column): its folder in the file storage
 * (a new one per packaging, so a package is never changed under a player), the IV of its AES-128
 * segments (hex), its renditions and, when the file has audio in several languages, one audio
 * rendition per language (the video renditions then carry no sound). With `keyPerSegment` each
 * segment is encrypted with a key of its own, derived from the package's secret `resource.hls_key`
 * (`segmentCipherKey`), so a trial is given the keys of its segments only; without it (a package
 * made before) every segment is encrypted with `resource.hls_key` itself.
 */
export interface HlsPackage {
  id: string;
  iv: string;
  renditions: HlsRendition[];
  /** Absent or empty: the sound is inside the video renditions (one language or none). */
  audio?: HlsAudioRendition[];
  /** Each segment has a key of its own (`segmentCipherKey`); absent: one key for the package. */
  keyPerSegment?: true;
}

/**
 * The AES-128 key of segment `index` of a rendition (video or audio) of a package with
 * `keyPerSegment`: the first 16 bytes of HMAC-SHA256 over the rendition and index, keyed with the
 * package's secret (`resource.hls_key`, never served), so no segment's key opens another segment.
 */
export function segmentCipherKey(packageSecret: Buffer, rendition: string, index: number): Buffer {
  return createHmac('sha256', packageSecret)
    .update(`hls-segment/v1/${rendition}/${index}`)
    .digest()
    .subarray(0, 16);
}

/** A segment (MPEG-TS bytes) encrypted as HLS AES-128 has it: AES-128-CBC, PKCS#7 padding. */
export function encryptSegment(plain: Buffer, key: Buffer, ivHex: string): Buffer {
  const cipher = createCipheriv('aes-128-cbc', key, Buffer.from(ivHex, 'hex'));
  return Buffer.concat([cipher.update(plain), cipher.final()]);
}

/** The rendition (video or audio) of a package by its name, if it has one. */
export function findRendition(pkg: HlsPackage, name: string): HlsMedia | undefined {
  return pkg.renditions.find((one) => one.name === name) ?? pkg.audio?.find((one) => one.name === name);
}

/** Where segment `index` of a rendition (video or audio) of a package is kept. */
export function hlsSegmentKey(
  video: { projectId: number | null; id: number },
  pkg: Pick<HlsPackage, 'id'>,
  rendition: string,
  index: number,
): string {
  return `${hlsFolder(video, pkg)}/${rendition}/${index}.ts`;
}

/** The folder of a package in the file storage. */
export const hlsFolder = (video: { projectId: number | null; id: number }, pkg: Pick<HlsPackage, 'id'>) =>
  `hls/${video.projectId ?? 'shared'}/${video.id}/${pkg.id}`;

/** Where the HLS route answers: `/api/media/hls/<token>/…` (see hls.route.ts). */
export const HLS_PATH_PREFIX = '/api/media/hls/';

/** A signed-in caller: the account and its sign-in (`session` row id). */
export interface HlsSignIn {
  accountId: number;
  signInId: string;
}

/**
 * Whom an HLS grant is for; the route serves the key only while it still holds (hls.route.ts):
 * - `study`: a student's study session (`study/start`), while it is the student's live session;
 * - `staff`: staff previewing a video, while their sign-in (`session` row) is live;
 * - `trial`: a trial (`class/trial-play`) within its short expiry and its seconds (both signed in
 *   the token); one granted to a signed-in visitor (`signedIn`) also only while that sign-in is
 *   live, one granted to a guest to whoever holds its token.
 */
export type HlsHolder =
  | { kind: 'study'; accountId: number; sessionId: string }
  | { kind: 'staff'; accountId: number; signInId: string }
  | { kind: 'trial'; signedIn?: HlsSignIn };

/**
 * What an HLS token grants until `expiresAt` (Unix seconds) to its holder: the package of one
 * resource, whole (`trialSeconds` 0) or only the segments starting before `trialSeconds` (a trial).
 * `packageId` names the package it was issued for, which it keeps getting after a re-package
 * replaced it (until the token expires: `RetiredHlsPackage`); a token without one (issued before
 * tokens named their package) gets the video's current package.
 */
export interface HlsGrant {
  resourceId: number;
  expiresAt: number;
  trialSeconds: number;
  holder: HlsHolder;
  packageId?: string;
}

/**
 * A package a re-package replaced (the `resource.hls_retired` column, migration 0034): kept, with
 * its key secret (base64), for the tokens issued for it until they have all expired
 * (`deleteAfter`, ISO time); then the job `resource.delete-retired-packages` deletes its segments
 * and the entry (retired-package.ts).
 */
export interface RetiredHlsPackage {
  hls: HlsPackage;
  key: string;
  deleteAfter: string;
}

const UUID = '[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}';
/** A package id a token can carry (packaging makes 16 hex digits). */
const PACKAGE_ID = '[0-9A-Za-z_-]{1,64}';
const HLS_TOKEN = new RegExp(
  `^([1-9]\\d{0,9})\\.([1-9]\\d{0,11})\\.(0|[1-9]\\d{0,6})\\.(t(?:([1-9]\\d{0,9})_([1-9]\\d{0,18}))?|s([1-9]\\d{0,9})_(${UUID})|v([1-9]\\d{0,9})_([1-9]\\d{0,18}))(?:\\.(${PACKAGE_ID}))?\\.([A-Za-z0-9_-]{43})$`,
);

/**
 * The holder as the token spells it: `t` (a guest's trial), `t<account>_<sign-in>` (a signed-in
 * visitor's trial), `s<account>_<study session>`, `v<account>_<sign-in>`.
 */
function holderText(holder: HlsHolder): string {
  if (holder.kind === 'study') return `s${holder.accountId}_${holder.sessionId}`;
  if (holder.kind === 'staff') return `v${holder.accountId}_${holder.signInId}`;
  return holder.signedIn ? `t${holder.signedIn.accountId}_${holder.signedIn.signInId}` : 't';
}

/**
 * The signed text: its own namespace, so an MP4 token (media-token.ts) is never an HLS one; `v3`
 * with the package id, `v2` for a token without one (so none is made from the other by adding or
 * removing the id).
 */
const hlsMac = (secret: Buffer, grant: HlsGrant) => {
  const signed = `${grant.resourceId}/${grant.expiresAt}/${grant.trialSeconds}/${holderText(grant.holder)}`;
  return createHmac('sha256', secret)
    .update(grant.packageId === undefined ? `hls/v2/${signed}` : `hls/v3/${signed}/${grant.packageId}`)
    .digest('base64url');
};

/** A trial holds only a trial's seconds; a study session or a preview the whole video. */
const consistent = (grant: HlsGrant) => (grant.holder.kind === 'trial') === grant.trialSeconds > 0;

/**
 * The token of an HLS grant (URL-safe):
 * `<resourceId>.<expiresAt>.<trialSeconds>.<holder>.<packageId>.<HMAC-SHA256>` (without
 * `.<packageId>` for a grant naming no package). Throws for a holder the token cannot spell (a
 * study session id that is not a lowercase UUID, a sign-in id that is not a positive integer), a
 * package id it cannot carry, or a trial holder without trial seconds (or the reverse).
 */
export function signHlsToken(secret: Buffer, grant: HlsGrant): string {
  const pkg = grant.packageId === undefined ? '' : `.${grant.packageId}`;
  const token = `${grant.resourceId}.${grant.expiresAt}.${grant.trialSeconds}.${holderText(grant.holder)}${pkg}.${hlsMac(secret, grant)}`;
  if (!HLS_TOKEN.test(token) || !consistent(grant)) throw new Error('an HLS grant that no token can carry');
  return token;
}

/** The holder a token names (its groups 4 to 10). */
function parseHolder(match: RegExpExecArray): HlsHolder {
  if (match[7] && match[8]) return { kind: 'study', accountId: Number(match[7]), sessionId: match[8] };
  if (match[9] && match[10]) return { kind: 'staff', accountId: Number(match[9]), signInId: match[10] };
  if (match[5] && match[6])
    return { kind: 'trial', signedIn: { accountId: Number(match[5]), signInId: match[6] } };
  return { kind: 'trial' };
}

/** Checks an HLS token: `forged` (malformed, bad signature), `expired`, else the grant. */
export function verifyHlsToken(
  secret: Buffer,
  token: string,
  nowSeconds: number,
): HlsGrant | 'forged' | 'expired' {
  const match = HLS_TOKEN.exec(token);
  if (!match) return 'forged';
  const grant: HlsGrant = {
    resourceId: Number(match[1]),
    expiresAt: Number(match[2]),
    trialSeconds: Number(match[3]),
    holder: parseHolder(match),
    ...(match[11] === undefined ? {} : { packageId: match[11] }),
  };
  if (!consistent(grant)) return 'forged';
  const given = Buffer.from(match[12] as string, 'utf8');
  const expected = Buffer.from(hlsMac(secret, grant), 'utf8');
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return 'forged';
  if (grant.expiresAt <= nowSeconds) return 'expired';
  return grant;
}

/** Whether a token (well formed, else false) is a trial's: what its refusals are worded by. */
export const isTrialToken = (token: string): boolean => {
  const trialSeconds = HLS_TOKEN.exec(token)?.[3];
  return trialSeconds !== undefined && trialSeconds !== '0';
};

/**
 * How many segments of a rendition a grant may load: all, or for a trial those starting before its
 * seconds (the last one may hold up to a segment past them; its playlist says it ends at the
 * seconds: `trialDurations`).
 */
export function grantedSegments(rendition: Pick<HlsMedia, 'segments'>, trialSeconds: number): number {
  if (trialSeconds <= 0) return rendition.segments.length;
  let start = 0;
  let count = 0;
  for (const duration of rendition.segments) {
    if (start >= trialSeconds) break;
    start += duration;
    count += 1;
  }
  return Math.max(1, count);
}

/**
 * The durations a grant's playlist names for its segments (`grantedSegments`): for a trial the last
 * one is cut so that they add up to the trial's seconds exactly (a video shorter than them: its
 * length), so the player's duration and end are the trial's; a full grant's are the segments'.
 */
export function trialDurations(rendition: Pick<HlsMedia, 'segments'>, trialSeconds: number): number[] {
  const durations = rendition.segments.slice(0, grantedSegments(rendition, trialSeconds));
  if (trialSeconds <= 0 || durations.length === 0) return durations;
  const last = durations.length - 1;
  const before = durations.slice(0, last).reduce((sum, duration) => sum + duration, 0);
  durations[last] = Math.min(durations[last] as number, trialSeconds - before);
  return durations;
}

/** The GROUP-ID of a package's audio renditions in its master playlist. */
const AUDIO_GROUP = 'audio';

/**
 * The master playlist: each rendition, relative to the token's folder (`<name>.m3u8`). A package
 * with audio per language lists them first (EXT-X-MEDIA TYPE=AUDIO, named in Chinese, `a0` the
 * DEFAULT) and each video rendition refers to their group, its BANDWIDTH counting the largest.
 */
export function masterPlaylist(pkg: HlsPackage): string {
  const lines = ['#EXTM3U', '#EXT-X-VERSION:3'];
  const audio = pkg.audio ?? [];
  for (const [index, track] of audio.entries()) {
    const isDefault = index === 0 ? 'YES' : 'NO';
    lines.push(
      `#EXT-X-MEDIA:TYPE=AUDIO,GROUP-ID="${AUDIO_GROUP}",LANGUAGE="${track.language}",NAME="${audioLanguageName(track.language)}",DEFAULT=${isDefault},AUTOSELECT=YES,URI="${track.name}.m3u8"`,
    );
  }
  const audioBandwidth = Math.max(0, ...audio.map((track) => track.bandwidth));
  const group = audio.length ? `,AUDIO="${AUDIO_GROUP}"` : '';
  for (const rendition of pkg.renditions) {
    lines.push(
      `#EXT-X-STREAM-INF:BANDWIDTH=${rendition.bandwidth + audioBandwidth},RESOLUTION=${rendition.width}x${rendition.height},NAME="${HLS_RENDITION_LABELS[rendition.name]}"${group}`,
      `${rendition.name}.m3u8`,
    );
  }
  return `${lines.join('\n')}\n`;
}

/**
 * A rendition's media playlist for a grant: the granted segments (a trial's ending at its seconds:
 * `trialDurations`) at `segmentUrls` when given (object storage's presigned URLs, one per granted
 * segment), else at `<name>/<index>.ts` under the token's folder, and their AES-128 keys relative
 * to the token's folder (so a key URL carries the signed token): each segment's own at
 * `<name>/<index>.key` (an EXT-X-KEY before each segment) for a package with `keyPerSegment`, else
 * the package's one key at `key`.
 */
export function mediaPlaylist(
  pkg: HlsPackage,
  rendition: HlsMedia,
  trialSeconds: number,
  segmentUrls?: readonly string[],
): string {
  const segments = trialDurations(rendition, trialSeconds);
  const target = Math.max(1, ...segments.map((duration) => Math.ceil(duration)));
  const lines = [
    '#EXTM3U',
    '#EXT-X-VERSION:3',
    `#EXT-X-TARGETDURATION:${target}`,
    '#EXT-X-MEDIA-SEQUENCE:0',
    '#EXT-X-PLAYLIST-TYPE:VOD',
  ];
  const key = (uri: string) => `#EXT-X-KEY:METHOD=AES-128,URI="${uri}",IV=0x${pkg.iv}`;
  if (!pkg.keyPerSegment) lines.push(key('key'));
  segments.forEach((duration, index) => {
    if (pkg.keyPerSegment) lines.push(key(`${rendition.name}/${index}.key`));
    lines.push(`#EXTINF:${duration.toFixed(6)},`, segmentUrls?.[index] ?? `${rendition.name}/${index}.ts`);
  });
  lines.push('#EXT-X-ENDLIST');
  return `${lines.join('\n')}\n`;
}
