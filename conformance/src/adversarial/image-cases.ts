import { deflateSync } from "node:zlib";
import type { AdversarialCase, Expect } from "./adversarial-case.js";
import { INSIDE_TEXT } from "./layouts.js";
import { pathCase } from "./path-case.js";

/**
 * The bound of the image cases: a tool that reads the header answers in milliseconds; one that decodes a
 * 10-gigapixel image (30 GB of pixels) runs out of memory or time long before.
 */
const IMAGE_BOUND_MS = 2_000;

/** A PNG signature, then chunks of `type` and `data` (their CRCs left zero: nothing should decode them). */
function png(chunks: readonly (readonly [string, Uint8Array])[]): Uint8Array {
  const parts: Uint8Array[] = [Uint8Array.of(0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a)];
  for (const [type, data] of chunks) {
    const head = new Uint8Array(8);
    new DataView(head.buffer).setUint32(0, data.length);
    head.set(Buffer.from(type, "latin1"), 4);
    parts.push(head, data, new Uint8Array(4));
  }
  return Buffer.concat(parts);
}

/** A complete PNG of a few hundred bytes whose header declares 100000 x 100000 RGB pixels. */
export function declaredBombPng(): Uint8Array {
  const header = new Uint8Array(13);
  new DataView(header.buffer).setUint32(0, 100_000);
  new DataView(header.buffer).setUint32(4, 100_000);
  header.set([8, 2, 0, 0, 0], 8);
  return png([
    ["IHDR", header],
    ["IDAT", deflateSync(Buffer.alloc(64 * 1024))],
    ["IEND", new Uint8Array(0)],
  ]);
}

/**
 * A baseline JPEG of 8 x 8 pixels cut in its scan: its markers (start of image, quantisation and Huffman
 * tables, frame and scan headers) are whole, its entropy-coded data stops short and it has no end-of-image
 * marker.
 */
export function truncatedJpeg(): Uint8Array {
  const segment = (marker: number, body: readonly number[]) => [0xff, marker, (body.length + 2) >> 8, (body.length + 2) & 0xff, ...body];
  return Uint8Array.from([
    0xff,
    0xd8,
    ...segment(0xdb, [0x00, ...Array.from({ length: 64 }, () => 1)]),
    ...segment(0xc0, [8, 0, 8, 0, 8, 1, 1, 0x11, 0]),
    ...segment(0xc4, [0x00, 1, ...Array.from({ length: 15 }, () => 0), 0]),
    ...segment(0xc4, [0x10, 1, ...Array.from({ length: 15 }, () => 0), 0]),
    ...segment(0xda, [1, 1, 0x00, 0, 63, 0]),
    0x00,
    0x00,
  ]);
}

const IMAGE_LAYOUT = {
  files: {
    "inside.txt": { text: INSIDE_TEXT },
    "bomb.png": { bytes: declaredBombPng() },
    "cut.jpg": { bytes: truncatedJpeg() },
  },
} as const;

const NO_IMAGES = "the profile does not answer images (an image is a binary file to it, which `binary-sniff` checks)";

/** The oracle's outcome for one kind of hostile image, where the profile answers images. */
function image(kind: "bomb" | "truncated"): Expect {
  return (_oracle, adversarial) => (adversarial.images === undefined ? NO_IMAGES : { outcome: adversarial.images[kind] });
}

/**
 * Hostile images, for a profile that answers images with the image (issue 33): a decompression bomb (a PNG
 * of a few hundred bytes declaring 100000 x 100000 pixels) must be refused from its header, within a
 * bound a decoder could never meet, in a process of its own so that a tool that tries to decode it
 * cannot take the suite down; a truncated JPEG must be a typed error, not an image a model cannot decode.
 */
export const IMAGE_CASES: readonly AdversarialCase[] = [
  pathCase("special-files", "image-bomb-png", "a PNG of a few hundred bytes declaring 100000 x 100000 pixels (a decompression bomb)", "either", "bomb.png", image("bomb"), {
    layout: IMAGE_LAYOUT,
    boundMs: IMAGE_BOUND_MS,
    calibrated: true,
    isolated: true,
  }),
  pathCase("special-files", "image-truncated-jpeg", "a JPEG cut inside its scan, without its end-of-image marker", "either", "cut.jpg", image("truncated"), { layout: IMAGE_LAYOUT }),
];
