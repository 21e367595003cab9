import { ascii, type ImageFormat } from "./image-format.js";

/** What an image's header says, read without decoding a pixel. */
export interface ImageHeader {
  readonly width: number;
  readonly height: number;
}

/** Why an image cannot be used: a sentence naming what is wrong with the file. */
export interface InvalidImage {
  readonly invalid: string;
}

/**
 * Reads an image's dimensions from its header, walking its structure (chunks, segments, blocks) without
 * decoding its pixels: time is linear in the bytes given and no memory is allocated. With `whole` (the bytes
 * are the whole file) the walk also checks that the file is complete (PNG: an `IEND` chunk after an
 * `IDAT`; JPEG: the end-of-image marker after the scan; GIF: the trailer after an image; WebP: the bytes
 * the RIFF header declares), so a truncated image is refused instead of being sent to a model that
 * cannot decode it. Without it (the head of a file too large to read whole) only the header is read.
 */
export function readImageHeader(bytes: Uint8Array, format: ImageFormat, whole: boolean): ImageHeader | InvalidImage {
  const header = walk(bytes, format, whole);
  if ("invalid" in header) return header;
  if (header.width < 1 || header.height < 1) return { invalid: `its header gives ${header.width}x${header.height} pixels` };
  return header;
}

function walk(bytes: Uint8Array, format: ImageFormat, whole: boolean): ImageHeader | InvalidImage {
  switch (format) {
    case "png":
      return png(bytes, whole);
    case "jpeg":
      return jpeg(bytes, whole);
    case "gif":
      return gif(bytes, whole);
    case "webp":
      return webp(bytes, whole);
  }
}

const TRUNCATED = { invalid: "it is truncated (it ends before its last part)" };

function png(bytes: Uint8Array, whole: boolean): ImageHeader | InvalidImage {
  const view = viewOf(bytes);
  if (bytes.length < 33 || ascii(bytes, 12, 16) !== "IHDR" || view.getUint32(8) !== 13) return { invalid: "its first chunk is not a PNG header (IHDR)" };
  const header = { width: view.getUint32(16), height: view.getUint32(20) };
  if (!whole) return header;
  let offset = 8;
  let data = false;
  while (offset + 8 <= bytes.length) {
    const length = view.getUint32(offset);
    const type = ascii(bytes, offset + 4, offset + 8);
    offset += 12 + length;
    if (offset > bytes.length) break;
    if (type === "IDAT") data = true;
    if (type === "IEND") return data ? header : { invalid: "it has no image data (no IDAT chunk before IEND)" };
  }
  return TRUNCATED;
}

// Start-of-frame markers (all but DHT C4, JPG C8 and DAC CC), where a JPEG gives its dimensions.
const START_OF_FRAME = new Set([0xc0, 0xc1, 0xc2, 0xc3, 0xc5, 0xc6, 0xc7, 0xc9, 0xca, 0xcb, 0xcd, 0xce, 0xcf]);
const START_OF_SCAN = 0xda;

function jpeg(bytes: Uint8Array, whole: boolean): ImageHeader | InvalidImage {
  const view = viewOf(bytes);
  let header: ImageHeader | undefined;
  let offset = 2;
  while (offset + 4 <= bytes.length) {
    if (bytes[offset] !== 0xff) return { invalid: `its segments are broken (no marker at byte ${offset})` };
    const marker = bytes[offset + 1]!;
    if (marker === 0xff) {
      offset++; // a fill byte
      continue;
    }
    const length = view.getUint16(offset + 2);
    if (length < 2) return { invalid: `its segments are broken (a segment of length ${length} at byte ${offset})` };
    if (START_OF_FRAME.has(marker)) {
      if (offset + 9 > bytes.length) break;
      header = { height: view.getUint16(offset + 5), width: view.getUint16(offset + 7) };
      if (!whole) return header;
    }
    if (marker === START_OF_SCAN) {
      if (header === undefined) return { invalid: "it has no frame header (SOF) before its image data" };
      // In the entropy-coded data a 0xFF byte is followed by 0x00 or a restart marker: 0xFF 0xD9 is the end.
      return Buffer.from(bytes.buffer, bytes.byteOffset, bytes.length).indexOf(END_OF_IMAGE, offset + 2 + length) === -1 ? TRUNCATED : header;
    }
    offset += 2 + length;
  }
  return header !== undefined && !whole ? header : TRUNCATED;
}

const END_OF_IMAGE = Buffer.from([0xff, 0xd9]);

function gif(bytes: Uint8Array, whole: boolean): ImageHeader | InvalidImage {
  if (bytes.length < 13) return TRUNCATED;
  const view = viewOf(bytes);
  const header = { width: view.getUint16(6, true), height: view.getUint16(8, true) };
  if (!whole) return header;
  let offset = 13 + colourTable(bytes[10]!);
  let images = 0;
  while (offset < bytes.length) {
    const block = bytes[offset]!;
    if (block === 0x3b) return images > 0 ? header : { invalid: "it holds no image (its trailer comes before any)" };
    if (block === 0x21) offset = subBlocks(bytes, offset + 2);
    else if (block === 0x2c) {
      if (offset + 11 > bytes.length) break;
      offset = subBlocks(bytes, offset + 11 + colourTable(bytes[offset + 9]!));
      images++;
    } else return { invalid: `its blocks are broken (an unknown block 0x${block.toString(16)} at byte ${offset})` };
  }
  return TRUNCATED;
}

// The size of the colour table a GIF packed-fields byte announces (0 when it has none).
function colourTable(packed: number): number {
  return (packed & 0x80) === 0 ? 0 : 3 * 2 ** ((packed & 0x07) + 1);
}

// The offset after a chain of data sub-blocks (each a size byte and that many bytes, ended by size 0).
function subBlocks(bytes: Uint8Array, offset: number): number {
  let at = offset;
  while (at < bytes.length) {
    const size = bytes[at]!;
    at += 1 + size;
    if (size === 0) return at;
  }
  return bytes.length + 1;
}

function webp(bytes: Uint8Array, whole: boolean): ImageHeader | InvalidImage {
  if (bytes.length < 30) return TRUNCATED;
  const view = viewOf(bytes);
  if (whole && bytes.length < view.getUint32(4, true) + 8) return TRUNCATED;
  const chunk = ascii(bytes, 12, 16);
  if (chunk === "VP8X") return { width: 1 + uint24(bytes, 24), height: 1 + uint24(bytes, 27) };
  if (chunk === "VP8L") {
    if (bytes[20] !== 0x2f) return { invalid: "its lossless header has no signature" };
    const bits = view.getUint32(21, true);
    return { width: 1 + (bits & 0x3fff), height: 1 + ((bits >>> 14) & 0x3fff) };
  }
  if (chunk === "VP8 ") {
    if (bytes[23] !== 0x9d || bytes[24] !== 0x01 || bytes[25] !== 0x2a) return { invalid: "its lossy frame has no start code" };
    return { width: view.getUint16(26, true) & 0x3fff, height: view.getUint16(28, true) & 0x3fff };
  }
  return { invalid: `its first chunk is not an image (${JSON.stringify(chunk)})` };
}

function uint24(bytes: Uint8Array, offset: number): number {
  return bytes[offset]! | (bytes[offset + 1]! << 8) | (bytes[offset + 2]! << 16);
}

function viewOf(bytes: Uint8Array): DataView {
  return new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
}
