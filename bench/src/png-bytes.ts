import { crc32, deflateSync } from "node:zlib";

/**
 * A PNG of `width` x `height` 8-bit pixels of `channels` (1: grey, 3: RGB), each row filled by `fillRow`
 * (`row` is one scanline without its filter byte), deflated at `level`: the bench's images are made
 * without an image library, byte for byte the same on every machine.
 */
export function pngBytes(width: number, height: number, channels: 1 | 3, fillRow: (y: number, row: Buffer) => void, level = 6): Buffer {
  const stride = 1 + width * channels;
  const raw = Buffer.alloc(stride * height);
  for (let y = 0; y < height; y++) fillRow(y, raw.subarray(y * stride + 1, (y + 1) * stride));
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([8, channels === 1 ? 0 : 2, 0, 0, 0], 8);
  return Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), chunk("IHDR", header), chunk("IDAT", deflateSync(raw, { level })), chunk("IEND", Buffer.alloc(0))]);
}

function chunk(type: string, data: Buffer): Buffer {
  const head = Buffer.alloc(8);
  head.writeUInt32BE(data.length, 0);
  head.write(type, 4, "latin1");
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(data, crc32(head.subarray(4))), 0);
  return Buffer.concat([head, data, crc]);
}
