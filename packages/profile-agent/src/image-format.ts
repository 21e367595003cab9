/** The image formats `read` answers with the image itself (AGENT-IMG-01), as their MIME subtype names them. */
export const IMAGE_FORMATS = ["png", "jpeg", "gif", "webp"] as const;

/** One of {@link IMAGE_FORMATS}. */
export type ImageFormat = (typeof IMAGE_FORMATS)[number];

/** The MIME type of each format, as the image block carries it. */
export const IMAGE_MIME_TYPES: { readonly [Format in ImageFormat]: `image/${Format}` } = {
  png: "image/png",
  jpeg: "image/jpeg",
  gif: "image/gif",
  webp: "image/webp",
};

const PNG_SIGNATURE = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];

/**
 * The image format a file's first bytes announce (its magic bytes, never its name: a `.png` holding text
 * is text, a screenshot saved without an extension is an image), or `undefined`.
 */
export function imageFormatOf(head: Uint8Array): ImageFormat | undefined {
  if (startsWith(head, PNG_SIGNATURE)) return "png";
  if (head.length >= 3 && head[0] === 0xff && head[1] === 0xd8 && head[2] === 0xff) return "jpeg";
  if (ascii(head, 0, 6) === "GIF87a" || ascii(head, 0, 6) === "GIF89a") return "gif";
  if (ascii(head, 0, 4) === "RIFF" && ascii(head, 8, 12) === "WEBP") return "webp";
  return undefined;
}

function startsWith(bytes: Uint8Array, prefix: readonly number[]): boolean {
  return bytes.length >= prefix.length && prefix.every((byte, index) => bytes[index] === byte);
}

/** The bytes `start` to `end` as Latin-1 text ("" when the file is shorter). */
export function ascii(bytes: Uint8Array, start: number, end: number): string {
  return bytes.length < end ? "" : String.fromCharCode(...bytes.subarray(start, end));
}
