import { IMAGE_MIME_TYPES, type ImageFormat } from "./image-format.js";
import { acquireDownscaleSlot } from "./downscale-slots.js";
import { loadSharp, type Sharp } from "./load-sharp.js";

/** The bounds an image sent to a model keeps (AGENT-IMG-03). */
export interface ImageBudget {
  /** Most bytes of the image's base64 data. */
  readonly maxBytes: number;
  /** Most pixels of its longer edge. */
  readonly maxEdge: number;
  /** Most pixels (width x height) of an image that is decoded to be downscaled. */
  readonly maxPixels: number;
}

/** An image re-encoded within an {@link ImageBudget}. */
export interface DownscaledImage {
  readonly data: Buffer;
  readonly mimeType: (typeof IMAGE_MIME_TYPES)[ImageFormat];
  readonly width: number;
  readonly height: number;
}

/** Why an image could not be downscaled. */
export type DownscaleFailure =
  | { readonly failure: "NO_LIBRARY"; readonly reason: string }
  | { readonly failure: "INVALID"; readonly reason: string }
  | { readonly failure: "TIMEOUT"; readonly reason: string }
  | { readonly failure: "OVER_BUDGET"; readonly reason: string };

/** Longest time one downscale may take, decoding and every encoding included. */
export const DOWNSCALE_SECONDS = 5;

// Smallest edge tried before giving up on fitting the byte budget.
const MIN_EDGE = 64;
const QUALITY = 80;

/**
 * Downscales an image to fit `budget`: decoded once (libvips in sharp, on libuv's thread pool, never on the
 * event loop; at most `budget.maxPixels` pixels, refused by libvips itself when the header it reads says
 * more), resized to fit the edge bound (keeping its aspect ratio, oriented by its EXIF orientation), and
 * encoded in its own format (PNG for a GIF: its first frame); an encoding over the byte budget is retried as
 * JPEG (WebP when the image has an alpha channel) at quality 80, then at smaller sizes. Every libvips run
 * has a time limit ({@link DOWNSCALE_SECONDS}, which stops the native work too); `signal` ends the wait at
 * once (the native work then stops at its time limit at the latest). At most two run at once
 * ({@link acquireDownscaleSlot}: a place is held until libvips is done); the time limit starts when one does.
 */
export async function downscaleImage(bytes: Uint8Array, format: ImageFormat, budget: ImageBudget, signal: AbortSignal | undefined): Promise<DownscaledImage | DownscaleFailure> {
  const sharp = await loadSharp();
  if ("missing" in sharp) return { failure: "NO_LIBRARY", reason: sharp.missing };
  signal?.throwIfAborted();
  try {
    const release = await acquireDownscaleSlot(signal);
    const deadline = performance.now() + DOWNSCALE_SECONDS * 1000;
    const work = fit(sharp, bytes, format, budget, deadline, signal);
    work.then(release, release);
    return await bounded(work, deadline, signal);
  } catch (error) {
    if (signal?.aborted === true) throw signal.reason;
    if (error instanceof TimeoutError || /timeout/i.test(String(error))) return { failure: "TIMEOUT", reason: `downscaling it took longer than ${DOWNSCALE_SECONDS} s` };
    if (/pixel limit/i.test(String(error))) return { failure: "OVER_BUDGET", reason: `it is larger than ${budget.maxPixels} pixels once decoded` };
    return { failure: "INVALID", reason: `it cannot be decoded (${firstLine(error)})` };
  }
}

// Between its libvips runs, an aborted downscale starts no other.
async function fit(sharp: Sharp, bytes: Uint8Array, format: ImageFormat, budget: ImageBudget, deadline: number, signal: AbortSignal | undefined): Promise<DownscaledImage | DownscaleFailure> {
  const decoded = await sharp(bytes, { limitInputPixels: budget.maxPixels, failOn: "truncated", sequentialRead: true })
    .rotate()
    .resize({ width: budget.maxEdge, height: budget.maxEdge, fit: "inside", withoutEnlargement: true })
    .timeout({ seconds: secondsLeft(deadline) })
    .raw()
    .toBuffer({ resolveWithObject: true });
  let pixels = decoded;
  let output: ImageFormat = format === "gif" ? "png" : format;
  for (;;) {
    signal?.throwIfAborted();
    const { width, height, channels } = pixels.info;
    const data = await encode(sharp(pixels.data, { raw: { width, height, channels } }), output, deadline);
    if (base64Length(data.length) <= budget.maxBytes) return { data, mimeType: IMAGE_MIME_TYPES[output], width, height };
    const lossy: ImageFormat = channels === 4 || channels === 2 ? "webp" : "jpeg";
    if (output !== lossy) {
      output = lossy;
      continue;
    }
    // Bytes grow about with the pixels: shrink the edges by the square root of the overshoot, and a little more.
    const scale = Math.sqrt(budget.maxBytes / base64Length(data.length)) * 0.9;
    const edge = Math.floor(Math.max(width, height) * scale);
    if (edge < MIN_EDGE) return { failure: "OVER_BUDGET", reason: `it does not fit in ${budget.maxBytes} bytes even at ${Math.max(width, height)} pixels` };
    signal?.throwIfAborted();
    pixels = await sharp(pixels.data, { raw: { width, height, channels } })
      .resize({ width: edge, height: edge, fit: "inside" })
      .timeout({ seconds: secondsLeft(deadline) })
      .raw()
      .toBuffer({ resolveWithObject: true });
  }
}

function encode(image: ReturnType<Sharp>, format: ImageFormat, deadline: number): Promise<Buffer> {
  const timed = image.timeout({ seconds: secondsLeft(deadline) });
  switch (format) {
    case "png":
    case "gif":
      return timed.png({ compressionLevel: 3 }).toBuffer();
    case "jpeg":
      return timed.jpeg({ quality: QUALITY }).toBuffer();
    case "webp":
      return timed.webp({ quality: QUALITY }).toBuffer();
  }
}

/** The length of `bytes` bytes once base64-encoded. */
export function base64Length(bytes: number): number {
  return Math.ceil(bytes / 3) * 4;
}

function secondsLeft(deadline: number): number {
  const left = Math.ceil((deadline - performance.now()) / 1000);
  if (left < 1) throw new TimeoutError();
  return left;
}

class TimeoutError extends Error {}

// The wait for `work` ends at the deadline or when `signal` aborts, whichever comes first.
function bounded<T>(work: Promise<T>, deadline: number, signal: AbortSignal | undefined): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const timer = setTimeout(() => reject(new TimeoutError()), Math.max(0, deadline - performance.now()));
    const abort = () => reject(signal?.reason);
    signal?.addEventListener("abort", abort, { once: true });
    work.then(resolve, reject).finally(() => {
      clearTimeout(timer);
      signal?.removeEventListener("abort", abort);
    });
  });
}

function firstLine(error: unknown): string {
  return (error instanceof Error ? error.message : String(error)).split("\n")[0]!.trim();
}
