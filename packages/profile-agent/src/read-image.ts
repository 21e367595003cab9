import crypto, { createHash } from "node:crypto";
import { escapeText, ok, quoteText, readHeadSteps, waitFor, type OpenFile, type Result, type Steps } from "@read/core";
import type { AgentConfig } from "./config-schema.js";
import { base64Length, downscaleImage, DOWNSCALE_SECONDS, type DownscaleFailure } from "./downscale-image.js";
import { IMAGE_MIME_TYPES, type ImageFormat } from "./image-format.js";
import type { ReadInput } from "./input-schema.js";
import { CONFIG_TABLE } from "./map-failure.js";
import { readError, type ReadError, type ReadImage, type ReadUnchanged } from "./output.js";
import { readImageHeader } from "./read-image-header.js";
import { VERSION_HEX_DIGITS } from "./scan-file.js";

// Enough of a file to find its dimensions: a JPEG's frame header may follow large EXIF and ICC segments.
const HEADER_BYTES = 1024 * 1024;

// Files up to this size are hashed on the event loop, in less time than a trip to the thread pool takes.
const SYNC_HASH_BYTES = 256 * 1024;

const FORMAT_NAMES: { readonly [Format in ImageFormat]: string } = { png: "PNG", jpeg: "JPEG", gif: "GIF", webp: "WebP" };

/**
 * One read of an image file (AGENT-IMG): the file is read whole (at most `max_image_file_bytes`), its
 * version computed from those bytes, its dimensions read from its header and its structure checked (a
 * truncated file is `INVALID_IMAGE`), all before a pixel is decoded. An image within the image bounds is
 * sent as it is; a larger one is downscaled off the event loop ({@link downscaleImage}) unless its header
 * declares more than `max_image_pixels` pixels (a decompression bomb is refused unread), or no image
 * library is installed. The window parameters (`start_line`, `limit`, ...) do not apply and are ignored.
 */
export function* readImageSteps(file: OpenFile, format: ImageFormat, input: ReadInput, config: AgentConfig, signal: AbortSignal | undefined): Steps<Result<ReadImage | ReadUnchanged | ReadError>> {
  const shown = quoteText(file.path.input);
  const kind = `a ${FORMAT_NAMES[format]} image`;
  if (input.pages !== undefined) return ok(readError("INVALID_ARGUMENT", `\`pages\` is for PDF files, and ${shown} is ${kind}: drop \`pages\` to read the image.`));
  // A file its size says is too large is not read beyond what its header needs (the size may lie: the read is bounded anyway).
  const large = file.stat.size > config.max_image_file_bytes;
  const read = yield* readHeadSteps(file, large ? Math.min(HEADER_BYTES, config.max_image_file_bytes) : config.max_image_file_bytes);
  if (!read.ok) return read;
  const { bytes } = read.value;
  const whole = !large && !read.value.truncated;
  const header = readImageHeader(bytes, format, whole);
  if (!whole) {
    const of = "invalid" in header ? "" : ` of ${header.width}x${header.height} pixels`;
    return ok(
      readError(
        "TOO_LARGE",
        `${shown} is ${kind}${of} and more than max_image_file_bytes (${config.max_image_file_bytes}) in ${CONFIG_TABLE}, so it is not read. Ask the user for a smaller export (at most ${config.max_image_edge} pixels on its longer edge), or raise max_image_file_bytes in your own configuration.`,
      ),
    );
  }
  if ("invalid" in header) {
    return ok(readError("INVALID_IMAGE", `${shown} is ${kind} that cannot be shown: ${header.invalid}. It may be damaged or still being written; ask the user for a good copy.`));
  }
  const { width, height } = header;
  const size = `${width}x${height} pixels`;
  // A large file is hashed on the thread pool (WebCrypto's digest): 32 MiB would hold the event loop for tens of milliseconds.
  const digest = bytes.length <= SYNC_HASH_BYTES ? createHash("sha256").update(bytes).digest() : Buffer.from(yield* waitFor(crypto.subtle.digest("SHA-256", bytes)));
  const version = digest.toString("hex").slice(0, VERSION_HEX_DIGITS);
  const path = file.path.relative;
  if (input.if_version === version) return ok({ path, version, unchanged: true as const });
  const answer = (downscaled: boolean, image: ReadImage["image"]): ReadImage => ({ path, version, format, width, height, bytes: bytes.length, downscaled, image });
  if (base64Length(bytes.length) <= config.max_image_bytes && Math.max(width, height) <= config.max_image_edge) {
    return ok(answer(false, { mime_type: IMAGE_MIME_TYPES[format], width, height, bytes: bytes.length, data: Buffer.from(bytes.buffer, bytes.byteOffset, bytes.length).toString("base64") }));
  }
  const over = overWhat(bytes.length, width, height, config);
  if (width * height > config.max_image_pixels) {
    return ok(
      readError(
        "TOO_LARGE",
        `${shown} is ${kind} of ${size} (${width * height} pixels), ${over}, and more than max_image_pixels (${config.max_image_pixels}) in ${CONFIG_TABLE}: it is not decoded to be downscaled. Ask the user for a smaller export (at most ${config.max_image_edge} pixels on its longer edge), or raise max_image_pixels in your own configuration.`,
      ),
    );
  }
  const budget = { maxBytes: config.max_image_bytes, maxEdge: config.max_image_edge, maxPixels: config.max_image_pixels };
  const downscaled = yield* waitFor(downscaleImage(bytes, format, budget, signal));
  if ("failure" in downscaled) return ok(downscaleError(downscaled, `${shown} is ${kind} of ${size}, ${over}`, config));
  return ok(answer(true, { mime_type: downscaled.mimeType, width: downscaled.width, height: downscaled.height, bytes: downscaled.data.length, data: downscaled.data.toString("base64") }));
}

function overWhat(bytes: number, width: number, height: number, config: AgentConfig): string {
  const edge = Math.max(width, height) > config.max_image_edge ? `over max_image_edge (${config.max_image_edge} pixels)` : undefined;
  const weight = base64Length(bytes) > config.max_image_bytes ? `over max_image_bytes (${config.max_image_bytes} bytes in base64)` : undefined;
  return [edge, weight].filter((part) => part !== undefined).join(" and ");
}

function downscaleError(failure: DownscaleFailure, what: string, config: AgentConfig): ReadError {
  const reason = escapeText(failure.reason);
  const smaller = `Ask the user for a smaller export (at most ${config.max_image_edge} pixels on its longer edge)`;
  switch (failure.failure) {
    case "NO_LIBRARY":
      return readError("TOO_LARGE", `${what}, and it cannot be downscaled: ${reason} (npm install sharp). ${smaller}.`);
    case "INVALID":
      return readError("INVALID_IMAGE", `${what}, and ${reason}. It may be damaged; ask the user for a good copy.`);
    case "TIMEOUT":
      return readError("TOO_LARGE", `${what}, and ${reason} (the limit is ${DOWNSCALE_SECONDS} s). ${smaller}.`);
    case "OVER_BUDGET":
      return readError("TOO_LARGE", `${what}, and ${reason}. ${smaller}.`);
  }
}
