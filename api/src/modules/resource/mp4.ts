/**
 * Reading what the product needs of an MP4 (ISO/IEC 14496-12 base media file) without ffmpeg:
 * that it is one (an `ftyp` box first, with an MP4 brand), that it holds a video track, and its
 * duration (`moov/mvhd` timescale and duration, or `moov/mvex/mehd` for fragmented files) and
 * picture size (`tkhd`). Boxes are walked by their headers (32-bit sizes, 64-bit `largesize`, size 0
 * = to the end of the file), reading only headers and the `moov` box, so the `moov` may sit before
 * or after the media data (`faststart` or not) and the file is never read whole.
 */

/** Reads `length` bytes at `offset` (fewer only at the end of the file). */
export type ReadAt = (offset: number, length: number) => Promise<Buffer>;

/** Why a file is not an MP4 the product can use. */
export type Mp4Problem = 'not-mp4' | 'no-video' | 'no-duration' | 'malformed';

/** A refusal of the probe; the message is shown to people (zh-CN). */
export class Mp4Error extends Error {
  constructor(
    readonly problem: Mp4Problem,
    message: string,
  ) {
    super(message);
    this.name = 'Mp4Error';
  }
}

export const MP4_MESSAGES: Record<Mp4Problem, string> = {
  'not-mp4': '文件内容不是 MP4 视频',
  'no-video': '文件中没有视频画面（可能是音频文件）',
  'no-duration': '无法读取视频时长',
  malformed: '视频文件已损坏或不完整',
};

/** Brands of MP4 files browsers play (major or compatible); QuickTime `qt  ` is not one of them. */
const MP4_BRANDS = new Set([
  'isom',
  'iso2',
  'iso3',
  'iso4',
  'iso5',
  'iso6',
  'iso8',
  'iso9',
  'mp41',
  'mp42',
  'avc1',
  'hvc1',
  'av01',
  'M4V ',
  'M4VH',
  'M4VP',
  'mmp4',
  'dash',
  'msdh',
  'msix',
  'cmfc',
  'f4v ',
  'MSNV',
]);

/** The `ftyp` brands of a file. */
export interface Mp4Brands {
  majorBrand: string;
  compatibleBrands: string[];
}

/** What the probe read of an MP4. */
export interface Mp4Info extends Mp4Brands {
  /** Units per second of `duration` (mvhd, or mehd for fragmented files). */
  timescale: number;
  duration: number;
  /** The duration in milliseconds, rounded. */
  durationMs: number;
  /** The duration in whole seconds, rounded (at least 1 for any positive duration). */
  durationSeconds: number;
  /** Picture size of the first video track (tkhd), null when it says 0. */
  width: number | null;
  height: number | null;
}

/** The largest `moov` box read into memory (a two-hour video's is a few MB). */
const MAX_MOOV_BYTES = 64 * 1024 * 1024;
/** The largest `ftyp` box taken for real: the bytes of a file's head that `sniffMp4` may need. */
export const MP4_HEAD_BYTES = 4096;

interface BoxHeader {
  type: string;
  /** Offset of the box's first byte. */
  start: number;
  /** Offset of the payload (after size, type, largesize and uuid). */
  payload: number;
  /** Offset just after the box. */
  end: number;
}

/** Reads a box header at `offset` of a buffer holding the box; null when it does not fit. */
function headerIn(buffer: Buffer, offset: number, limit: number, base = 0): BoxHeader | null {
  if (offset + 8 > limit) return null;
  let size = buffer.readUInt32BE(offset);
  const type = buffer.toString('latin1', offset + 4, offset + 8);
  let payload = offset + 8;
  if (size === 1) {
    if (offset + 16 > limit) return null;
    const large = buffer.readBigUInt64BE(offset + 8);
    if (large > BigInt(Number.MAX_SAFE_INTEGER)) return null;
    size = Number(large);
    payload = offset + 16;
  } else if (size === 0) {
    size = limit - offset;
  }
  if (type === 'uuid') payload += 16;
  if (size < payload - offset || offset + size > limit) return null;
  return { type, start: base + offset, payload: base + payload, end: base + offset + size };
}

/** The children of a container box held in `buffer` between `from` and `to`. */
function childrenOf(buffer: Buffer, from: number, to: number): BoxHeader[] {
  const boxes: BoxHeader[] = [];
  let offset = from;
  while (offset + 8 <= to) {
    const box = headerIn(buffer, offset, to);
    if (!box) throw new Mp4Error('malformed', MP4_MESSAGES.malformed);
    boxes.push(box);
    offset = box.end;
  }
  return boxes;
}

const child = (buffer: Buffer, parent: BoxHeader, type: string) =>
  childrenOf(buffer, parent.payload, parent.end).find((box) => box.type === type);

/**
 * The brands of a file's first bytes when they are an `ftyp` box naming an MP4 brand, else null.
 * The head should hold the whole box (MP4_HEAD_BYTES always does).
 */
export function sniffMp4(head: Buffer): Mp4Brands | null {
  if (head.length < 16) return null;
  const size = head.readUInt32BE(0);
  if (head.toString('latin1', 4, 8) !== 'ftyp' || size < 16 || size > MP4_HEAD_BYTES || (size - 16) % 4 !== 0)
    return null;
  const majorBrand = head.toString('latin1', 8, 12);
  const compatibleBrands: string[] = [];
  for (let offset = 16; offset + 4 <= Math.min(size, head.length); offset += 4)
    compatibleBrands.push(head.toString('latin1', offset, offset + 4));
  if (majorBrand === 'qt  ') return null;
  if (!MP4_BRANDS.has(majorBrand) && !compatibleBrands.some((brand) => MP4_BRANDS.has(brand))) return null;
  return { majorBrand, compatibleBrands };
}

/** Reads a top-level box header at `offset` of the file; throws `malformed` when it does not fit. */
async function topLevelHeader(readAt: ReadAt, offset: number, fileSize: number): Promise<BoxHeader> {
  const bytes = await readAt(offset, Math.min(16, fileSize - offset));
  const malformed = new Mp4Error('malformed', MP4_MESSAGES.malformed);
  if (bytes.length < 8) throw malformed;
  let size = bytes.readUInt32BE(0);
  let payload = offset + 8;
  if (size === 1) {
    if (bytes.length < 16) throw malformed;
    const large = bytes.readBigUInt64BE(8);
    if (large > BigInt(Number.MAX_SAFE_INTEGER)) throw malformed;
    size = Number(large);
    payload = offset + 16;
  } else if (size === 0) {
    size = fileSize - offset;
  }
  if (size < payload - offset || offset + size > fileSize) throw malformed;
  return { type: bytes.toString('latin1', 4, 8), start: offset, payload, end: offset + size };
}

/** mvhd / mehd / tkhd are full boxes: version (1 byte) and flags (3) first. */
function readDurationBox(buffer: Buffer, box: BoxHeader): { timescale: number; duration: number } {
  const version = buffer.readUInt8(box.payload);
  const need = version === 1 ? 4 + 8 + 8 + 4 + 8 : 4 + 4 + 4 + 4 + 4;
  if (box.payload + need > box.end) throw new Mp4Error('malformed', MP4_MESSAGES.malformed);
  if (version === 1) {
    const timescale = buffer.readUInt32BE(box.payload + 20);
    const duration = buffer.readBigUInt64BE(box.payload + 24);
    // All ones: the duration is unknown.
    return {
      timescale,
      duration: duration === 0xffffffffffffffffn ? 0 : Number(duration),
    };
  }
  const timescale = buffer.readUInt32BE(box.payload + 12);
  const duration = buffer.readUInt32BE(box.payload + 16);
  return { timescale, duration: duration === 0xffffffff ? 0 : duration };
}

function readFragmentDuration(buffer: Buffer, mehd: BoxHeader): number {
  const version = buffer.readUInt8(mehd.payload);
  if (mehd.payload + 4 + (version === 1 ? 8 : 4) > mehd.end)
    throw new Mp4Error('malformed', MP4_MESSAGES.malformed);
  return version === 1
    ? Number(buffer.readBigUInt64BE(mehd.payload + 4))
    : buffer.readUInt32BE(mehd.payload + 4);
}

/** Width and height of a tkhd (16.16 fixed point at its end). */
function readTrackSize(buffer: Buffer, tkhd: BoxHeader): { width: number; height: number } {
  const version = buffer.readUInt8(tkhd.payload);
  const at = tkhd.payload + 4 + (version === 1 ? 32 : 20) + 8 + 2 + 2 + 2 + 2 + 36;
  if (at + 8 > tkhd.end) throw new Mp4Error('malformed', MP4_MESSAGES.malformed);
  return {
    width: Math.round(buffer.readUInt32BE(at) / 65536),
    height: Math.round(buffer.readUInt32BE(at + 4) / 65536),
  };
}

/** The handler type (`vide`, `soun`, …) of a trak's mdia/hdlr. */
function handlerOf(buffer: Buffer, trak: BoxHeader): string | null {
  const mdia = child(buffer, trak, 'mdia');
  const hdlr = mdia && child(buffer, mdia, 'hdlr');
  if (!hdlr || hdlr.payload + 12 > hdlr.end) return null;
  return buffer.toString('latin1', hdlr.payload + 8, hdlr.payload + 12);
}

/** The top-level `moov` of a file, read into memory (`root` is the box within `bytes`). */
interface LoadedMoov {
  /** Where the box sits in the file. */
  box: BoxHeader;
  bytes: Buffer;
  root: BoxHeader;
}

/** The first top-level box of a file from `from` that `wanted` accepts, or null. */
async function findTopLevel(
  readAt: ReadAt,
  fileSize: number,
  from: number,
  wanted: (box: BoxHeader) => boolean | Promise<boolean>,
): Promise<BoxHeader | null> {
  let offset = from;
  while (offset < fileSize) {
    const box = await topLevelHeader(readAt, offset, fileSize);
    if (await wanted(box)) return box;
    offset = box.end;
  }
  return null;
}

/** Finds and reads the top-level `moov`; throws `not-mp4` without one, `malformed` when it does not fit. */
async function loadMoov(readAt: ReadAt, fileSize: number): Promise<LoadedMoov> {
  const box = await findTopLevel(readAt, fileSize, 0, (found) => found.type === 'moov');
  if (!box) throw new Mp4Error('not-mp4', MP4_MESSAGES['not-mp4']);
  return { box, ...(await readBox(readAt, box)) };
}

/** Reads a (bounded) box of the file into memory; `root` is its header within the bytes. */
async function readBox(readAt: ReadAt, box: BoxHeader): Promise<{ bytes: Buffer; root: BoxHeader }> {
  if (box.end - box.start > MAX_MOOV_BYTES) throw new Mp4Error('malformed', MP4_MESSAGES.malformed);
  const bytes = await readAt(box.start, box.end - box.start);
  if (bytes.length !== box.end - box.start) throw new Mp4Error('malformed', MP4_MESSAGES.malformed);
  return { bytes, root: { type: box.type, start: 0, payload: box.payload - box.start, end: bytes.length } };
}

/**
 * Probes a whole file of `fileSize` bytes through `readAt`: the brands, the duration and the
 * first video track's size. Throws Mp4Error: `not-mp4` (no ftyp with an MP4 brand first, or no
 * moov), `no-video` (no video track), `no-duration` (zero or unknown duration), `malformed`
 * (boxes that do not fit the file).
 */
export async function probeMp4(readAt: ReadAt, fileSize: number): Promise<Mp4Info> {
  const brands = sniffMp4(await readAt(0, Math.min(fileSize, MP4_HEAD_BYTES)));
  if (!brands) throw new Mp4Error('not-mp4', MP4_MESSAGES['not-mp4']);

  const { bytes, root } = await loadMoov(readAt, fileSize);
  const boxes = childrenOf(bytes, root.payload, root.end);
  const mvhd = boxes.find((box) => box.type === 'mvhd');
  if (!mvhd) throw new Mp4Error('not-mp4', MP4_MESSAGES['not-mp4']);
  let { timescale, duration } = readDurationBox(bytes, mvhd);
  if (duration === 0) {
    const mvex = boxes.find((box) => box.type === 'mvex');
    const mehd = mvex && child(bytes, mvex, 'mehd');
    if (mehd) duration = readFragmentDuration(bytes, mehd);
  }

  const video = boxes.filter((box) => box.type === 'trak').find((trak) => handlerOf(bytes, trak) === 'vide');
  if (!video) throw new Mp4Error('no-video', MP4_MESSAGES['no-video']);
  if (!timescale || !duration) throw new Mp4Error('no-duration', MP4_MESSAGES['no-duration']);
  const tkhd = child(bytes, video, 'tkhd');
  const size = tkhd ? readTrackSize(bytes, tkhd) : { width: 0, height: 0 };

  const durationMs = Math.round((duration * 1000) / timescale);
  return {
    ...brands,
    timescale,
    duration,
    durationMs,
    durationSeconds: Math.max(1, Math.round(duration / timescale)),
    width: size.width || null,
    height: size.height || null,
  };
}

/** A byte span `[start, end)` of a file. */
export interface ByteSpan {
  start: number;
  end: number;
}

/** The bytes a player needs to play the first seconds of an MP4. */
export interface Mp4TrialBytes {
  /** The media of those seconds lies in `[0, mediaEnd)` (with the ftyp and anything before it). */
  mediaEnd: number;
  /** The `moov` box, wherever it sits: a player always reads it. */
  moov: ByteSpan;
}

/** Seconds of media given past a trial, so the decoder has the frames just after its end. */
export const TRIAL_MARGIN_SECONDS = 1;

const malformed = () => new Mp4Error('malformed', MP4_MESSAGES.malformed);

/** Checks that `bytes` bytes from `at` lie inside `box`. */
function within(box: BoxHeader, at: number, bytes: number): void {
  if (at + bytes > box.end) throw malformed();
}

/** A full box's version, its entry count (the u32 after version and flags) and where entries begin. */
function tableOf(buffer: Buffer, box: BoxHeader): { version: number; count: number; entries: number } {
  within(box, box.payload, 8);
  return {
    version: buffer.readUInt8(box.payload),
    count: buffer.readUInt32BE(box.payload + 4),
    entries: box.payload + 8,
  };
}

/** A box under `parent` by path (`['mdia', 'minf', 'stbl']`), or undefined. */
function descend(buffer: Buffer, parent: BoxHeader, path: string[]): BoxHeader | undefined {
  let at: BoxHeader | undefined = parent;
  for (const type of path) at = at && child(buffer, at, type);
  return at;
}

/** The track id of a trak (tkhd) and the timescale of its media (mdhd). */
function trackIdentity(buffer: Buffer, trak: BoxHeader): { id: number; timescale: number } {
  const tkhd = child(buffer, trak, 'tkhd');
  const mdhd = descend(buffer, trak, ['mdia', 'mdhd']);
  if (!tkhd || !mdhd) throw malformed();
  const idAt = tkhd.payload + (buffer.readUInt8(tkhd.payload) === 1 ? 20 : 12);
  const scaleAt = mdhd.payload + (buffer.readUInt8(mdhd.payload) === 1 ? 20 : 12);
  within(tkhd, idAt, 4);
  within(mdhd, scaleAt, 4);
  const timescale = buffer.readUInt32BE(scaleAt);
  if (!timescale) throw malformed();
  return { id: buffer.readUInt32BE(idAt), timescale };
}

/** The media time where presentation starts: the first non-empty edit of edts/elst, else 0. */
function editStart(buffer: Buffer, trak: BoxHeader): number {
  const elst = descend(buffer, trak, ['edts', 'elst']);
  if (!elst) return 0;
  const { version, count, entries } = tableOf(buffer, elst);
  const size = version === 1 ? 20 : 12;
  within(elst, entries, count * size);
  for (let index = 0; index < count; index += 1) {
    const at = entries + index * size;
    const start = version === 1 ? Number(buffer.readBigInt64BE(at + 8)) : buffer.readInt32BE(at + 4);
    if (start >= 0) return start;
  }
  return 0;
}

/** How many samples (from the first) an stts says start decoding before `time`. */
function samplesBefore(buffer: Buffer, stts: BoxHeader, time: number): number {
  const { count, entries } = tableOf(buffer, stts);
  within(stts, entries, count * 8);
  let samples = 0;
  let decodeTime = 0;
  for (let index = 0; index < count; index += 1) {
    const runLength = buffer.readUInt32BE(entries + index * 8);
    const delta = buffer.readUInt32BE(entries + index * 8 + 4);
    const remaining = time - decodeTime;
    const taken =
      remaining <= 0 ? 0 : delta === 0 ? runLength : Math.min(runLength, Math.ceil(remaining / delta));
    samples += taken;
    if (taken < runLength) break;
    decodeTime += runLength * delta;
  }
  return samples;
}

/** The size of each sample (stsz: one size for all, or a table). */
function sampleSizes(buffer: Buffer, stsz: BoxHeader): (sample: number) => number {
  within(stsz, stsz.payload, 12);
  const fixed = buffer.readUInt32BE(stsz.payload + 4);
  const count = buffer.readUInt32BE(stsz.payload + 8);
  if (fixed) return () => fixed;
  within(stsz, stsz.payload + 12, count * 4);
  return (sample) => {
    if (sample >= count) throw malformed();
    return buffer.readUInt32BE(stsz.payload + 12 + sample * 4);
  };
}

/** The file offset of each chunk (stco 32-bit, co64 64-bit). */
function chunkOffsets(buffer: Buffer, stbl: BoxHeader): number[] {
  const stco = child(buffer, stbl, 'stco');
  const table = stco ?? child(buffer, stbl, 'co64');
  if (!table) throw malformed();
  const { count, entries } = tableOf(buffer, table);
  const size = stco ? 4 : 8;
  within(table, entries, count * size);
  return Array.from({ length: count }, (_, index) =>
    stco ? buffer.readUInt32BE(entries + index * 4) : Number(buffer.readBigUInt64BE(entries + index * 8)),
  );
}

/** Samples per chunk, chunk by chunk (1-based), from the stsc runs. */
function samplesPerChunk(buffer: Buffer, stsc: BoxHeader): (chunk: number) => number {
  const { count, entries } = tableOf(buffer, stsc);
  within(stsc, entries, count * 12);
  const runs = Array.from({ length: count }, (_, index) => ({
    firstChunk: buffer.readUInt32BE(entries + index * 12),
    samples: buffer.readUInt32BE(entries + index * 12 + 4),
  }));
  let run = 0;
  // Asked for chunks in increasing order.
  return (chunk) => {
    while (run + 1 < runs.length && (runs[run + 1]?.firstChunk ?? 0) <= chunk) run += 1;
    return runs[run]?.samples ?? 0;
  };
}

/** The byte end of the first `needed` samples of a track: the largest chunk offset + sample end. */
function sampleBytesEnd(buffer: Buffer, stbl: BoxHeader, needed: number): number {
  const stsc = child(buffer, stbl, 'stsc');
  const stsz = child(buffer, stbl, 'stsz');
  if (!stsc || !stsz) throw malformed();
  const sizeOf = sampleSizes(buffer, stsz);
  const perChunk = samplesPerChunk(buffer, stsc);
  const offsets = chunkOffsets(buffer, stbl);
  let sample = 0;
  let end = 0;
  for (let chunk = 0; chunk < offsets.length && sample < needed; chunk += 1) {
    let offset = offsets[chunk] ?? 0;
    for (let taken = perChunk(chunk + 1); taken > 0 && sample < needed; taken -= 1) {
      offset += sizeOf(sample);
      sample += 1;
      end = Math.max(end, offset);
    }
  }
  return end;
}

/** Per track id: the media time (its own timescale) before which a trial's samples decode. */
type TrialTimes = Map<number, number>;

/** The byte end of the samples (in the moov's sample tables) decoding before each track's time. */
function sampleTablesEnd(buffer: Buffer, traks: BoxHeader[], times: TrialTimes): number {
  let end = 0;
  for (const trak of traks) {
    const stbl = descend(buffer, trak, ['mdia', 'minf', 'stbl']);
    const stts = stbl && child(buffer, stbl, 'stts');
    if (!stbl || !stts) throw malformed();
    const needed = samplesBefore(buffer, stts, times.get(trackIdentity(buffer, trak).id) ?? 0);
    if (needed > 0) end = Math.max(end, sampleBytesEnd(buffer, stbl, needed));
  }
  return end;
}

/** Whether every track fragment of a moof starts decoding at or after its track's trial time. */
function fragmentAfter(buffer: Buffer, moof: BoxHeader, times: TrialTimes): boolean {
  const trafs = childrenOf(buffer, moof.payload, moof.end).filter((box) => box.type === 'traf');
  return trafs.every((traf) => {
    const tfhd = child(buffer, traf, 'tfhd');
    const tfdt = child(buffer, traf, 'tfdt');
    // Without a base decode time the fragment's time is unknown: count it as needed.
    if (!tfhd || !tfdt) return false;
    within(tfhd, tfhd.payload, 8);
    within(tfdt, tfdt.payload, buffer.readUInt8(tfdt.payload) === 1 ? 12 : 8);
    const start =
      buffer.readUInt8(tfdt.payload) === 1
        ? Number(buffer.readBigUInt64BE(tfdt.payload + 4))
        : buffer.readUInt32BE(tfdt.payload + 4);
    return start >= (times.get(buffer.readUInt32BE(tfhd.payload + 4)) ?? 0);
  });
}

/**
 * The bytes a player needs to play the first `seconds` of an MP4 (plus TRIAL_MARGIN_SECONDS):
 * from the moov's sample tables (stts, stsc, stsz, stco/co64 of every track), the largest chunk
 * offset + sample size over the samples that decode before that time (shifted by the track's edit
 * list), max over tracks; for a fragmented MP4, also everything before the first `moof` whose
 * track fragments all decode at or after it (the whole file when there is none). Reads headers,
 * the moov and the moofs before that point only. Throws Mp4Error (`not-mp4`, `malformed`).
 */
export async function mp4TrialBytes(
  readAt: ReadAt,
  fileSize: number,
  seconds: number,
): Promise<Mp4TrialBytes> {
  const { box, bytes, root } = await loadMoov(readAt, fileSize);
  const traks = childrenOf(bytes, root.payload, root.end).filter((found) => found.type === 'trak');
  const times: TrialTimes = new Map();
  for (const trak of traks) {
    const { id, timescale } = trackIdentity(bytes, trak);
    times.set(id, editStart(bytes, trak) + (seconds + TRIAL_MARGIN_SECONDS) * timescale);
  }
  let mediaEnd = sampleTablesEnd(bytes, traks, times);
  if (child(bytes, root, 'mvex')) {
    const after = await findTopLevel(readAt, fileSize, 0, async (found) => {
      if (found.type !== 'moof') return false;
      const moof = await readBox(readAt, found);
      return fragmentAfter(moof.bytes, moof.root, times);
    });
    mediaEnd = Math.max(mediaEnd, after ? after.start : fileSize);
  }
  return { mediaEnd: Math.min(mediaEnd, fileSize), moov: { start: box.start, end: box.end } };
}
