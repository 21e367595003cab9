import { isUtf8 } from "node:buffer";
import fc from "fast-check";

/**
 * Bytes as a counterexample shows them: the text when it is short valid UTF-8, else the size and the
 * start in base64, so a failing run stays readable and can be recreated by hand.
 */
export function describeBytes(bytes: Uint8Array): string {
  const buffer = Buffer.from(bytes);
  if (isUtf8(buffer) && buffer.length <= 400) return JSON.stringify(buffer.toString("utf8"));
  const base64 = buffer.toString("base64");
  return `${buffer.length} bytes, base64 ${base64.length > 400 ? `${base64.slice(0, 400)}...` : base64}`;
}

/** Attaches a compact printer (used by fast-check in counterexamples) to a generated value. */
function printable<T extends object>(value: T, show: (value: T) => string): T {
  return Object.defineProperty(value, fc.toStringMethod, { value: () => show(value), enumerable: false });
}

/** How a generated file ends its lines. */
export type LineEndings = "lf" | "crlf" | "mixed";

/** A generated text file: its bytes and how they were made (shown when a property fails). */
export interface GeneratedFile {
  readonly bytes: Uint8Array;
  readonly endings: LineEndings;
  readonly finalNewline: boolean;
}

// Printable ASCII most of the time, and characters that stress decoding and line handling: multi-byte
// UTF-8 (2, 3 and 4 bytes), tab, a lone CR inside a line, U+2028. Never LF, NUL or a BOM.
const lineChar = fc.oneof(
  { weight: 10, arbitrary: fc.integer({ min: 0x20, max: 0x7e }).map((code) => String.fromCharCode(code)) },
  { weight: 2, arbitrary: fc.constantFrom("é", "ß", "日", "本", "語", "😀", "\t", "\u00a0", "\u2028", "\r") },
);

/**
 * The text of one line. A lone CR may occur inside, never at its end: there it would fuse with the
 * line's LF into a CRLF, and the file's intended endings would no longer be the generated ones.
 */
export const lineText = fc.string({ unit: lineChar, maxLength: 24 }).map((text) => (text.endsWith("\r") ? `${text}x` : text));

/** Options of {@link textFile}. */
export interface TextFileOptions {
  readonly minLines?: number;
  readonly maxLines?: number;
  readonly endings?: readonly LineEndings[];
}

/** A text file of generated lines with LF, CRLF or mixed endings, with or without a final newline. */
export function textFile(options: TextFileOptions = {}): fc.Arbitrary<GeneratedFile> {
  const endings = fc.constantFrom(...(options.endings ?? (["lf", "crlf", "mixed"] as const)));
  const minLines = options.minLines ?? 0;
  return fc
    .tuple(fc.array(lineText, { minLength: minLines, maxLength: options.maxLines ?? 30 }), endings, fc.boolean())
    .chain(([lines, style, finalNewline]) =>
      fc.array(fc.boolean(), { minLength: lines.length, maxLength: lines.length }).map((crlfs) => {
        const text = lines
          .map((line, index) => {
            const last = index === lines.length - 1;
            if (last && !finalNewline) return line;
            const crlf = style === "crlf" || (style === "mixed" && (crlfs[index] ?? false));
            return `${line}${crlf ? "\r\n" : "\n"}`;
          })
          .join("");
        return printable({ bytes: Buffer.from(text, "utf8"), endings: style, finalNewline }, (file) => `${file.endings} file ${describeBytes(file.bytes)}`);
      }),
    )
    // One empty line without a final newline is the empty file, which has no lines.
    .filter((file) => minLines === 0 || file.bytes.length > 0);
}

/** Invalid UTF-8 sequences of the three kinds a decoder must survive. None contains NUL or LF. */
export const invalidSequence: fc.Arbitrary<Uint8Array> = fc.oneof(
  // Random bytes from the non-ASCII half: almost always invalid on their own.
  fc.uint8Array({ min: 0x80, max: 0xff, minLength: 1, maxLength: 6 }),
  // A multi-byte character cut short.
  fc
    .constantFrom("é", "日", "😀", "\u0800", "\uffff", "\u{10ffff}")
    .chain((char) => {
      const bytes = Buffer.from(char, "utf8");
      return fc.integer({ min: 1, max: bytes.length - 1 }).map((keep) => Uint8Array.from(bytes.subarray(0, keep)));
    }),
  // Overlong forms, UTF-16 surrogates, code points past U+10FFFF, bytes that never occur.
  fc.constantFrom(
    [0xc0, 0x80],
    [0xc1, 0xbf],
    [0xe0, 0x80, 0x80],
    [0xe0, 0x9f, 0xbf],
    [0xf0, 0x80, 0x80, 0x80],
    [0xf0, 0x8f, 0xbf, 0xbf],
    [0xed, 0xa0, 0x80],
    [0xed, 0xbf, 0xbf],
    [0xf4, 0x90, 0x80, 0x80],
    [0xf5, 0x80, 0x80, 0x80],
    [0xfe],
    [0xff],
  ).map((bytes) => Uint8Array.from(bytes)),
);

/** A text file with invalid UTF-8 sequences spliced in at random offsets (never NUL: that would be binary). */
export const invalidUtf8File: fc.Arbitrary<{ readonly bytes: Uint8Array; readonly base: GeneratedFile }> = textFile({ maxLines: 12 })
  .chain((base) =>
    fc
      .array(fc.tuple(fc.nat({ max: base.bytes.length }), invalidSequence), { minLength: 1, maxLength: 4 })
      .map((splices) => printable({ base, bytes: splice(base.bytes, splices) }, (file) => `file ${describeBytes(file.bytes)}`)),
  )
  .filter(({ bytes }) => !isUtf8(bytes));

function splice(bytes: Uint8Array, splices: readonly (readonly [number, Uint8Array])[]): Uint8Array {
  const sorted = [...splices].sort((left, right) => right[0] - left[0]);
  let result = Buffer.from(bytes);
  for (const [offset, sequence] of sorted) {
    result = Buffer.concat([result.subarray(0, offset), sequence, result.subarray(offset)]);
  }
  return result;
}

/** Where a NUL byte goes relative to a profile's sniff window. */
export type NulPlacement = "first-byte" | "inside" | "last-inside" | "just-past" | "beyond";

/**
 * A text file of short ASCII lines a little larger than the sniff window (or than 8 KiB when the
 * profile sniffs the whole file), with one byte replaced by NUL at the drawn placement.
 */
export function nulFile(sniffBytes: number | null): fc.Arbitrary<{ readonly bytes: Uint8Array; readonly offset: number; readonly placement: NulPlacement }> {
  const window = sniffBytes ?? 8192;
  const size = window + 700;
  const placements: readonly NulPlacement[] = sniffBytes === null ? ["first-byte", "inside", "last-inside", "beyond"] : ["first-byte", "inside", "last-inside", "just-past", "beyond"];
  return fc.tuple(fc.constantFrom(...placements), fc.integer({ min: 1, max: window - 2 }), fc.integer({ min: 1, max: 600 }), fc.integer({ min: 20, max: 90 })).map(
    ([placement, inside, beyond, width]) => {
      const line = `${"abcdefghijklmnopqrstuvwxyz0123456789".repeat(3).slice(0, width - 1)}\n`;
      const bytes = Buffer.from(line.repeat(Math.ceil(size / line.length)).slice(0, size), "utf8");
      const offset = { "first-byte": 0, inside, "last-inside": window - 1, "just-past": window, beyond: window + beyond }[placement];
      bytes[offset] = 0;
      return printable({ bytes, offset, placement }, (file) => `${file.bytes.length}-byte file of ${width}-byte lines, NUL at byte ${file.offset} (${file.placement})`);
    },
  );
}

/** The names a containment workspace holds, the pieces path strings are built from. */
const SEGMENTS = [
  "..",
  ".",
  "",
  "ws",
  "ws_evil",
  "outside",
  "data.txt",
  "inside.txt",
  "sub",
  "nested.txt",
  "link-in",
  "link-out",
  "link-out-abs",
  "dir-out",
  "sub-up",
  "dangling",
  "loop-a",
  "deep",
  "deep.txt",
  "%2e%2e",
  "..\\..",
  "~",
  "data.txt ",
  "DATA.TXT",
] as const;

/**
 * Ways out a careless implementation takes: traversal (plain, doubled slashes, through a subdirectory),
 * absolute paths to the outside and to a sibling sharing the root's name as a prefix, file and directory
 * symlinks out (relative and absolute), `..` applied after a symlink (the kernel's `..`, not a lexical
 * one), and spellings a decoder might turn into one of these.
 */
export const KNOWN_ESCAPES = [
  "../outside/data.txt",
  "../data.txt",
  "./../outside/data.txt",
  "sub/../../outside/data.txt",
  "..//outside//data.txt",
  "../ws_evil/data.txt",
  "${DIR}/outside/data.txt",
  "${DIR}/data.txt",
  "${DIR}/ws_evil/data.txt",
  "${ROOT}/../outside/data.txt",
  "${ROOT}_evil/data.txt",
  "link-out",
  "link-out-abs",
  "dir-out/data.txt",
  "dir-out/deep/deep.txt",
  "sub-up/deep.txt",
  "sub-up/../data.txt",
  "dir-out/../data.txt",
  "sub/back-in/../../outside/data.txt",
  "file://${DIR}/outside/data.txt",
  "%2e%2e/outside/data.txt",
  "..\\outside\\data.txt",
  "~/../outside/data.txt",
] as const;

/**
 * The known escapes that leave the root only through the kernel's `..` after a symlink: a profile that
 * cleans paths lexically first (`lexicalClean`) reads `<root>/data.txt` for them, inside the root.
 */
export const KERNEL_PARENT_ESCAPES: ReadonlySet<string> = new Set<string>(["sub-up/../data.txt", "dir-out/../data.txt"]);

/**
 * Path strings: the known escapes (some with a `./` or a trailing `/` added), a grammar of `..`, `.`,
 * separators, link names and look-alikes, relative or absolute (from the scratch directory, the root or
 * `file://`), and sometimes any string at all. `${DIR}` and `${ROOT}` are replaced by the workspace's
 * paths when the property runs.
 */
export const hostilePath: fc.Arbitrary<string> = fc.oneof(
  {
    weight: 4,
    arbitrary: fc.tuple(fc.constantFrom(...KNOWN_ESCAPES), fc.constantFrom("", "", "", "/", "/.")).map(([escape, suffix]) => `${escape}${suffix}`),
  },
  {
    weight: 5,
    arbitrary: fc
      .tuple(
        fc.constantFrom("", "", "/", "${DIR}/", "${ROOT}/", "${ROOT}/../", "file://${DIR}/", "./"),
        fc.array(fc.tuple(fc.constantFrom(...SEGMENTS), fc.constantFrom("/", "/", "//", "/./")), { minLength: 1, maxLength: 6 }),
      )
      .map(([prefix, parts]) => `${prefix}${parts.map(([segment, separator], index) => (index === 0 ? segment : `${separator}${segment}`)).join("")}`),
  },
  { weight: 1, arbitrary: fc.string({ maxLength: 40 }) },
);
