/**
 * Builders of small ISO base media files for tests: boxes with 32-bit or 64-bit (`largesize`)
 * sizes and the full boxes the probe reads, laid out as in ISO/IEC 14496-12.
 */

const u32 = (value: number) => {
  const buffer = Buffer.alloc(4);
  buffer.writeUInt32BE(value);
  return buffer;
};
const u64 = (value: number | bigint) => {
  const buffer = Buffer.alloc(8);
  buffer.writeBigUInt64BE(BigInt(value));
  return buffer;
};
const fourCC = (type: string) => Buffer.from(type.padEnd(4, ' ').slice(0, 4), 'latin1');

/** A box with a 32-bit size. */
export function box(type: string, ...payload: Buffer[]): Buffer {
  const body = Buffer.concat(payload);
  return Buffer.concat([u32(8 + body.length), fourCC(type), body]);
}

/** A box with size 1 and a 64-bit `largesize`. */
export function largeBox(type: string, ...payload: Buffer[]): Buffer {
  const body = Buffer.concat(payload);
  return Buffer.concat([u32(1), fourCC(type), u64(16 + body.length), body]);
}

/** A full box: version and flags, then the payload. */
export function fullBox(type: string, version: number, ...payload: Buffer[]): Buffer {
  return box(type, Buffer.from([version, 0, 0, 0]), ...payload);
}

export function ftyp(majorBrand = 'isom', compatible: string[] = ['isom', 'iso2', 'avc1', 'mp41']): Buffer {
  return box('ftyp', fourCC(majorBrand), u32(512), ...compatible.map(fourCC));
}

/** mvhd: version 0 (32-bit times and duration) or 1 (64-bit), with the fields after the duration. */
export function mvhd(timescale: number, duration: number | bigint, version = 0): Buffer {
  const times =
    version === 1
      ? [u64(0), u64(0), u32(timescale), u64(duration)]
      : [u32(0), u32(0), u32(timescale), u32(Number(duration))];
  const rest = Buffer.concat([
    u32(0x00010000),
    Buffer.from([1, 0]),
    Buffer.alloc(10),
    Buffer.alloc(36),
    Buffer.alloc(24),
    u32(2),
  ]);
  return fullBox('mvhd', version, ...times, rest);
}

/** tkhd with the picture size (16.16 fixed point). */
export function tkhd(width: number, height: number, version = 0): Buffer {
  const times =
    version === 1 ? [u64(0), u64(0), u32(1), u32(0), u64(0)] : [u32(0), u32(0), u32(1), u32(0), u32(0)];
  return fullBox(
    'tkhd',
    version,
    ...times,
    Buffer.alloc(8),
    Buffer.alloc(8),
    Buffer.alloc(36),
    u32(width * 65536),
    u32(height * 65536),
  );
}

/** A track whose media handler is `handler` (`vide`, `soun`). */
export function trak(handler: string, width = 0, height = 0): Buffer {
  const hdlr = fullBox('hdlr', 0, u32(0), fourCC(handler), Buffer.alloc(12), Buffer.from('Handler\0'));
  return box(
    'trak',
    tkhd(width, height),
    box('mdia', fullBox('mdhd', 0, Buffer.alloc(20)), hdlr, box('minf')),
  );
}

export interface Mp4Options {
  majorBrand?: string;
  compatible?: string[];
  timescale?: number;
  duration?: number | bigint;
  mvhdVersion?: number;
  tracks?: Buffer[];
  /** Where the moov goes: before the media data (faststart) or after it. */
  moovFirst?: boolean;
  mdatBytes?: number;
  /** Writes the mdat with a 64-bit largesize. */
  largeMdat?: boolean;
  /** Extra boxes inside moov (say mvex/mehd). */
  moovExtra?: Buffer[];
}

/** A small MP4: ftyp, moov (mvhd and tracks) and mdat in the order asked. */
export function buildMp4(options: Mp4Options = {}): Buffer {
  const moov = box(
    'moov',
    mvhd(options.timescale ?? 1000, options.duration ?? 5000, options.mvhdVersion ?? 0),
    ...(options.tracks ?? [trak('vide', 640, 360), trak('soun')]),
    ...(options.moovExtra ?? []),
  );
  const media = Buffer.alloc(options.mdatBytes ?? 2048, 0x5a);
  const mdat = options.largeMdat ? largeBox('mdat', media) : box('mdat', media);
  const head = ftyp(options.majorBrand, options.compatible);
  return options.moovFirst === false
    ? Buffer.concat([head, box('free'), mdat, moov])
    : Buffer.concat([head, moov, box('free'), mdat]);
}
