// Extracts face 0 of a TrueType collection into a standalone TrueType font (tables copied, offsets rewritten).
import { readFileSync, writeFileSync } from 'node:fs';

const [src, dst, faceArg] = process.argv.slice(2);
const b = readFileSync(src);
if (b.toString('ascii', 0, 4) !== 'ttcf') throw new Error('not a TTC');
const face = Number(faceArg ?? 0);
const off = b.readUInt32BE(12 + 4 * face);
const numTables = b.readUInt16BE(off + 4);
const tables = [];
for (let i = 0; i < numTables; i++) {
  const r = off + 12 + 16 * i;
  tables.push({
    tag: b.toString('ascii', r, r + 4),
    checksum: b.readUInt32BE(r + 4),
    offset: b.readUInt32BE(r + 8),
    length: b.readUInt32BE(r + 12),
  });
}
const headerLen = 12 + 16 * numTables;
let pos = headerLen;
const placed = tables.map((t) => {
  const p = pos;
  pos += (t.length + 3) & ~3;
  return { ...t, newOffset: p };
});
const out = Buffer.alloc(pos);
b.copy(out, 0, off, off + 12);
placed.forEach((t, i) => {
  const r = 12 + 16 * i;
  out.write(t.tag, r, 'ascii');
  out.writeUInt32BE(t.checksum, r + 4);
  out.writeUInt32BE(t.newOffset, r + 8);
  out.writeUInt32BE(t.length, r + 12);
  b.copy(out, t.newOffset, t.offset, t.offset + t.length);
});
writeFileSync(dst, out);
console.log(numTables, 'tables', out.length, 'bytes');
