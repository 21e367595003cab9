import { isUtf8 } from "node:buffer";
import { analyse } from "chardet";

/** How a file's bytes are to be read as text. */
export type EncodingVerdict =
  | {
      readonly kind: "text";
      /** The encoding's name as `encoding` reports it (a label `TextDecoder` decodes). */
      readonly encoding: string;
      readonly bom: boolean;
      /** Bytes of the byte order mark (0 without one). */
      readonly bomBytes: number;
      /** The detector's confidence (0-100) when the encoding was guessed; `undefined` when it was known. */
      readonly confidence: number | undefined;
    }
  | { readonly kind: "binary" };

/** Bytes sniffed for a NUL (a binary file), as the other profiles do. */
export const BINARY_SNIFF_BYTES = 8192;

const UTF8_BOM = [0xef, 0xbb, 0xbf] as const;

// chardet's names reported by the name users know: GBK is GB18030's two-byte subset, which chardet names
// by the superset (decoded as GB18030, it loses nothing); ISO-8859-1 is decoded as windows-1252 by WHATWG.
const REPORTED: Readonly<Record<string, string>> = {
  gb18030: "gbk",
  "iso-8859-1": "windows-1252",
};

/**
 * Decides how `head` (the first bytes of a file, at most 64 KiB) is decoded (AGENT-ENC-01..03): a byte
 * order mark decides (UTF-8, UTF-16 LE/BE); otherwise a NUL in the first 8 KiB makes the file binary;
 * otherwise valid UTF-8 is UTF-8 (a character cut by the end of `head` is not a fault); otherwise chardet
 * picks the likeliest encoding `TextDecoder` can decode, with its confidence. `cut`: more bytes follow
 * `head`. `valid`: the caller checked the whole head and found it valid UTF-8, and may then pass only its
 * first {@link BINARY_SNIFF_BYTES}.
 */
export function detectEncoding(head: Uint8Array, cut: boolean, valid = false): EncodingVerdict {
  if (startsWith(head, UTF8_BOM)) return known("utf-8", 3);
  if (startsWith(head, [0xff, 0xfe])) return known("utf-16le", 2);
  if (startsWith(head, [0xfe, 0xff])) return known("utf-16be", 2);
  if (head.subarray(0, BINARY_SNIFF_BYTES).includes(0)) return { kind: "binary" };
  if (valid || isValidUtf8(head, cut)) return known("utf-8", 0);
  for (const match of analyse(head)) {
    const encoding = decodable(match.name);
    if (encoding !== undefined) return { kind: "text", encoding, bom: false, bomBytes: 0, confidence: match.confidence };
  }
  return { kind: "text", encoding: "windows-1252", bom: false, bomBytes: 0, confidence: 0 };
}

function known(encoding: string, bomBytes: number): EncodingVerdict {
  return { kind: "text", encoding, bom: bomBytes > 0, bomBytes, confidence: undefined };
}

function startsWith(bytes: Uint8Array, prefix: readonly number[]): boolean {
  return prefix.every((byte, index) => bytes[index] === byte);
}

// Node's native check (about a hundred times faster than a fatal decode of 64 KiB of non-ASCII text);
// when more bytes follow, a character cut by the end is checked as a prefix by a decoder that streams.
function isValidUtf8(bytes: Uint8Array, cut: boolean): boolean {
  if (isUtf8(bytes)) return true;
  if (!cut) return false;
  let lead = bytes.length - 1;
  while (lead > 0 && lead > bytes.length - 4 && ((bytes[lead] ?? 0) & 0xc0) === 0x80) lead--;
  if (lead < 0 || !isUtf8(bytes.subarray(0, lead))) return false;
  try {
    new TextDecoder("utf-8", { fatal: true }).decode(bytes.subarray(lead), { stream: true });
    return true;
  } catch {
    return false;
  }
}

function decodable(name: string): string | undefined {
  const label = name.toLowerCase();
  // The bytes are not valid UTF-8 (that was checked first), whatever the detector's statistics say.
  if (label.startsWith("utf-")) return undefined;
  try {
    const encoding = new TextDecoder(label).encoding;
    return REPORTED[label] ?? REPORTED[encoding] ?? encoding;
  } catch {
    // A Node build without full ICU knows no legacy multi-byte encoding: the next candidate may do.
    return undefined;
  }
}

// What windows-1252 has at 0x80-0x9F (WHATWG's index; the five bytes it leaves undefined stay C1 controls).
const WINDOWS_1252_HIGH = "\u20ac\u0081\u201a\u0192\u201e\u2026\u2020\u2021\u02c6\u2030\u0160\u2039\u0152\u008d\u017d\u008f\u0090\u2018\u2019\u201c\u201d\u2022\u2013\u2014\u02dc\u2122\u0161\u203a\u0153\u009d\u017e\u0178";

/**
 * Decodes bytes of a non-UTF-8 {@link EncodingVerdict} (its BOM already left out) with Node's
 * `TextDecoder`. Node 20's decoder gives windows-1252's 0x80-0x9F as C1 controls (it decodes the label as
 * Latin-1): those are mapped to the characters windows-1252 has there, which a fixed decoder gives anyway.
 */
export function decodeWhole(bytes: Uint8Array, encoding: string): string {
  const text = new TextDecoder(encoding === "gbk" ? "gb18030" : encoding, { ignoreBOM: true }).decode(bytes);
  if (encoding !== "windows-1252") return text;
  return text.replace(/[\u0080-\u009f]/g, (control) => WINDOWS_1252_HIGH.charAt(control.charCodeAt(0) - 0x80));
}
