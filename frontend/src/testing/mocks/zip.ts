// A ZIP archive of stored (uncompressed) files, as the gateway's export writes them: enough for
// the fake gateway to answer with a real archive whose central directory names every file.

const CRC_TABLE = Array.from({ length: 256 }, (_, byte) => {
  let crc = byte;
  for (let bit = 0; bit < 8; bit++) crc = crc & 1 ? 0xedb88320 ^ (crc >>> 1) : crc >>> 1;
  return crc >>> 0;
});

function crc32(bytes: Uint8Array): number {
  let crc = 0xffffffff;
  for (const byte of bytes) crc = (CRC_TABLE[(crc ^ byte) & 0xff] ?? 0) ^ (crc >>> 8);
  return (crc ^ 0xffffffff) >>> 0;
}

/** Little-endian fields of the given widths (2 or 4 bytes), in order. */
function fields(...values: readonly [number, 2 | 4][]): Uint8Array {
  const bytes = new Uint8Array(values.reduce((sum, [, width]) => sum + width, 0));
  const view = new DataView(bytes.buffer);
  let at = 0;
  for (const [value, width] of values) {
    if (width === 2) view.setUint16(at, value, true);
    else view.setUint32(at, value, true);
    at += width;
  }
  return bytes;
}

/** The archive of `files` (name to content), in the order given. */
export function storedZip(files: Record<string, Uint8Array | string>): Uint8Array<ArrayBuffer> {
  const encoder = new TextEncoder();
  const parts: Uint8Array[] = [];
  const directory: Uint8Array[] = [];
  let offset = 0;
  for (const [name, content] of Object.entries(files)) {
    const data = typeof content === 'string' ? encoder.encode(content) : content;
    const path = encoder.encode(name);
    const crc = crc32(data);
    // Version 2.0, bit 11 (names in UTF-8), stored, no time: the same in both headers.
    const common: [number, 2 | 4][] = [[20, 2], [0x0800, 2], [0, 2], [0, 2], [0, 2], [crc, 4], [data.length, 4], [data.length, 4], [path.length, 2], [0, 2]];
    const local = fields([0x04034b50, 4], ...common);
    parts.push(local, path, data);
    directory.push(fields([0x02014b50, 4], [20, 2], ...common, [0, 2], [0, 2], [0, 2], [0, 4], [offset, 4]), path);
    offset += local.length + path.length + data.length;
  }
  const size = directory.reduce((sum, part) => sum + part.length, 0);
  const count = directory.length / 2;
  const end = fields([0x06054b50, 4], [0, 2], [0, 2], [count, 2], [count, 2], [size, 4], [offset, 4], [0, 2]);
  const all = [...parts, ...directory, end];
  const zip = new Uint8Array(all.reduce((sum, part) => sum + part.length, 0));
  let at = 0;
  for (const part of all) {
    zip.set(part, at);
    at += part.length;
  }
  return zip;
}
