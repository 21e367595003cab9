import { deflateSync } from "node:zlib";
import sharp from "sharp";

/** Deterministic noise (xorshift32 from `seed`): pixels no encoder can compress. */
export function noise(bytes: number, seed = 0x2545f491): Buffer {
  const out = Buffer.alloc(bytes);
  let x = seed >>> 0 || 1;
  for (let index = 0; index < bytes; index++) {
    x ^= x << 13;
    x ^= x >>> 17;
    x ^= x << 5;
    out[index] = x & 0xff;
  }
  return out;
}

/** An image of `width` x `height` in `format`: a flat colour, or noise (3 channels, 4 with `alpha`). */
export function makeImage(format: "png" | "jpeg" | "gif" | "webp", width: number, height: number, options: { noisy?: boolean; alpha?: boolean } = {}): Promise<Buffer> {
  const channels = options.alpha === true ? 4 : 3;
  const image =
    options.noisy === true
      ? sharp(noise(width * height * channels), { raw: { width, height, channels } })
      : sharp({ create: { width, height, channels, background: { r: 40, g: 90, b: 160, alpha: 1 } } });
  return image.toFormat(format).toBuffer();
}

/**
 * A PNG whose header declares `width` x `height` pixels and whose one IDAT chunk is a few deflated zero
 * rows: a complete file of a few hundred bytes that would decode to width x height pixels.
 */
export function declaredPng(width: number, height: number): Buffer {
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  ihdr.set([8, 2, 0, 0, 0], 8);
  return Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), chunk("IHDR", ihdr), chunk("IDAT", deflateSync(Buffer.alloc(4096))), chunk("IEND", Buffer.alloc(0))]);
}

function chunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  // The CRC is left zero: nothing here checks it before deciding.
  return Buffer.concat([length, Buffer.from(type, "latin1"), data, Buffer.alloc(4)]);
}
