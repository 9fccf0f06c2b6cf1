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

/**
 * Probes a whole file of `fileSize` bytes through `readAt`: the brands, the duration and the
 * first video track's size. Throws Mp4Error: `not-mp4` (no ftyp with an MP4 brand first, or no
 * moov), `no-video` (no video track), `no-duration` (zero or unknown duration), `malformed`
 * (boxes that do not fit the file).
 */
export async function probeMp4(readAt: ReadAt, fileSize: number): Promise<Mp4Info> {
  const brands = sniffMp4(await readAt(0, Math.min(fileSize, MP4_HEAD_BYTES)));
  if (!brands) throw new Mp4Error('not-mp4', MP4_MESSAGES['not-mp4']);

  let offset = 0;
  let moov: BoxHeader | null = null;
  while (offset < fileSize) {
    const box = await topLevelHeader(readAt, offset, fileSize);
    if (box.type === 'moov') {
      moov = box;
      break;
    }
    offset = box.end;
  }
  if (!moov) throw new Mp4Error('not-mp4', MP4_MESSAGES['not-mp4']);
  if (moov.end - moov.start > MAX_MOOV_BYTES) throw new Mp4Error('malformed', MP4_MESSAGES.malformed);

  const bytes = await readAt(moov.start, moov.end - moov.start);
  if (bytes.length !== moov.end - moov.start) throw new Mp4Error('malformed', MP4_MESSAGES.malformed);
  const root: BoxHeader = {
    type: 'moov',
    start: 0,
    payload: moov.payload - moov.start,
    end: bytes.length,
  };
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
