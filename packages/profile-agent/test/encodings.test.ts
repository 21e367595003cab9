import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { detectEncoding } from "../src/detect-encoding.js";
import { readFailure, readText, sandbox } from "./helpers.js";

// Fixtures of a few sentences each, as the encoders of Python 3 (`str.encode`) wrote them; the first test
// checks them against Node's decoder (Shift_JIS, GBK) and against the text encoded byte by byte
// (windows-1252, which Node 20's decoder gets wrong at 0x80-0x9F), so a fixture cannot drift from its text.
const JAPANESE = "吾輩は猫である。名前はまだ無い。\nどこで生れたかとんと見当がつかぬ。\n何でも薄暗いじめじめした所でニャーニャー泣いていた事だけは記憶している。\n";
const SHIFT_JIS = Buffer.from(
  "8ce1947982cd944c82c582a082e9814296bc914f82cd82dc82be96b382a281420a82c782b182c590b682ea82bd82a982c682f182c68ca9939682aa82c282a982ca81420a89bd82c582e0949688c382a282b682df82b682df82b582bd8f8a82c5836a8383815b836a8383815b8b8382a282c482a282bd8e9682be82af82cd8b4c89af82b582c482a282e981420a",
  "hex",
);
const CHINESE = "学而时习之，不亦说乎？\n有朋自远方来，不亦乐乎？\n人不知而不愠，不亦君子乎？\n";
const GBK = Buffer.from("d1a7b6f8cab1cfb0d6aea3acb2bbd2e0cbb5baf5a3bf0ad3d0c5f3d7d4d4b6b7bdc0b4a3acb2bbd2e0c0d6baf5a3bf0ac8cbb2bbd6aab6f8b2bbe3b3a3acb2bbd2e0befdd7d3baf5a3bf0a", "hex");
const FRENCH = "Le cœur a ses raisons que la raison ne connaît point.\r\nÇa coûte 5 € — très cher, n’est-ce pas ?\r\nÀ bientôt, garçon naïf.\r\n";
const WINDOWS_1252 = Buffer.from(
  "4c6520639c757220612073657320726169736f6e7320717565206c6120726169736f6e206e6520636f6e6e61ee7420706f696e742e0d0ac76120636ffb7465203520802097207472e87320636865722c206e926573742d636520706173203f0d0ac0206269656e74f4742c20676172e76f6e206e61ef662e0d0a",
  "hex",
);

function numbered(text: string): string {
  return text
    .replace(/\r?\n$/, "")
    .split(/\r?\n/)
    .map((line, index) => `${index + 1}\t${line}`)
    .join("\n");
}

function utf16(text: string, order: "le" | "be"): Buffer {
  const le = Buffer.from(`\ufeff${text}`, "utf16le");
  return order === "le" ? le : le.swap16();
}

describe("AGENT-ENC-01, AGENT-ENC-02, AGENT-ENC-03, AGENT-ENC-04: encodings", () => {
  it("the fixtures decode to their sentences", () => {
    expect(new TextDecoder("shift_jis").decode(SHIFT_JIS)).toBe(JAPANESE);
    expect(new TextDecoder("gbk").decode(GBK)).toBe(CHINESE);
    const high: Record<string, number> = { "œ": 0x9c, "€": 0x80, "—": 0x97, "’": 0x92 };
    expect(Buffer.from(Array.from(FRENCH, (character) => high[character] ?? character.charCodeAt(0)))).toEqual(WINDOWS_1252);
  });

  it.each([
    ["utf-16le", "le"],
    ["utf-16be", "be"],
  ] as const)("issue 32: UTF-16 with a BOM (%s) is decided by the BOM (AGENT-ENC-01, AGENT-OUT-08, AGENT-OUT-09)", async (encoding, order) => {
    const { root } = sandbox({ "u.txt": utf16(FRENCH, order) });
    const output = await readText(root, { path: "u.txt" });
    expect(output).toMatchObject({ content: numbered(FRENCH), encoding, bom: true, line_endings: "crlf", total_lines: 3 });
    expect(output).not.toHaveProperty("encoding_confidence");
  });

  it("a UTF-8 BOM is reported and not shown (AGENT-ENC-01)", async () => {
    const { root } = sandbox({ "b.txt": `\ufeff${JAPANESE}` });
    expect(await readText(root, { path: "b.txt" })).toMatchObject({ content: numbered(JAPANESE), encoding: "utf-8", bom: true, total_lines: 3 });
  });

  it.each([
    ["shift_jis", SHIFT_JIS, JAPANESE, "lf"],
    ["gbk", GBK, CHINESE, "lf"],
    ["windows-1252", WINDOWS_1252, FRENCH, "crlf"],
  ] as const)("issue 32: %s is detected, named with its confidence, and decoded (AGENT-ENC-03, AGENT-OUT-08)", async (encoding, bytes, text, endings) => {
    const { root } = sandbox({ "f.txt": bytes });
    const output = await readText(root, { path: "f.txt" });
    expect(output).toMatchObject({ content: numbered(text), encoding, bom: false, line_endings: endings, total_lines: 3 });
    expect(output.encoding_confidence).toBeGreaterThanOrEqual(50);
  });

  it("windows and columns count the decoded text (AGENT-ENC-04)", async () => {
    const { root } = sandbox({ "f.txt": SHIFT_JIS });
    expect((await readText(root, { path: "f.txt", start_line: 2, column: 8, limit: 1 })).content).toBe("[line 2 from column 8]\n2\tとんと見当がつかぬ。");
    expect((await readText(root, { path: "f.txt", tail: 1 })).content).toBe(`3\t${JAPANESE.split("\n")[2]}`);
  });

  it("a file decoded whole over max_decoded_bytes is TOO_LARGE, saying how to convert it", async () => {
    const { root } = sandbox({ "f.txt": SHIFT_JIS });
    expect(await readFailure(root, { path: "f.txt" }, { max_decoded_bytes: 100 })).toEqual([
      "TOO_LARGE",
      "'f.txt' is over max_decoded_bytes (100) in [agent], and read decodes a shift_jis file whole. Convert it to UTF-8 (iconv -f shift_jis -t utf-8), or raise max_decoded_bytes in your own configuration.",
    ]);
  });

  it("the whole first 64 KiB decide, not the 8 KiB sniffed for NULs: legacy bytes after 8 KiB are detected, and a character cut at 64 KiB is UTF-8 (AGENT-ENC-02, AGENT-ENC-03)", async () => {
    const ascii = `${"plain ascii words\n".repeat(1000)}`;
    const { root } = sandbox({ "late.txt": Buffer.concat([Buffer.from(ascii), WINDOWS_1252]), "cut.txt": `${"a".repeat(65_535)}日本\n` });
    const late = await readText(root, { path: "late.txt", start_line: 1001 });
    expect(late).toMatchObject({ content: numbered(FRENCH).replace(/^(\d+)/gm, (number) => String(Number(number) + 1000)), encoding: "windows-1252" });
    expect(late.encoding_confidence).toBeGreaterThanOrEqual(0);
    const cut = await readText(root, { path: "cut.txt", column: 65_536 });
    expect(cut).toMatchObject({ content: "[line 1 from column 65536]\n1\t日本", encoding: "utf-8" });
    expect(cut).not.toHaveProperty("encoding_confidence");
  });

  it("valid UTF-8 is UTF-8; an invalid byte after the first 64 KiB shows as U+FFFD (AGENT-ENC-02)", async () => {
    const { root } = sandbox({ "f.txt": Buffer.concat([Buffer.from(`${"a".repeat(70_000)}\n`), Buffer.from([0x41, 0xff, 0x42, 0x0a])]) });
    expect(await readText(root, { path: "f.txt", start_line: 2 })).toMatchObject({ content: "2\tA\ufffdB", encoding: "utf-8" });
  });

  it("property: a head is UTF-8 exactly when a fatal decoder takes it, a character cut by its end allowed when more follows (AGENT-ENC-02)", () => {
    // Valid text cut anywhere, and bytes near UTF-8's edges (overlong forms, surrogates, stray continuations).
    const text = fc.string({ unit: fc.constantFrom("a", "é", "日", "😀", "\u0800", "\uffff", "\u{10ffff}"), maxLength: 30 }).chain((valid) => {
      const bytes = Buffer.from(valid);
      return fc.nat({ max: bytes.length }).map((end) => Array.from(bytes.subarray(0, end)));
    });
    const edgy = fc.array(fc.constantFrom(0x41, 0x7f, 0x80, 0xbf, 0xc0, 0xc2, 0xdf, 0xe0, 0xa0, 0xed, 0xef, 0xf0, 0x90, 0xf4, 0x8f, 0xf5, 0xff), { maxLength: 12 });
    fc.assert(
      fc.property(fc.oneof(text, edgy), fc.boolean(), (values, cut) => {
        // Not a byte order mark (it decides first) and no NUL (binary).
        const head = Buffer.from([0x41, ...values]);
        let fatal = true;
        try {
          new TextDecoder("utf-8", { fatal: true }).decode(head, { stream: cut });
        } catch {
          fatal = false;
        }
        const verdict = detectEncoding(head, cut);
        expect(verdict.kind === "text" && verdict.encoding === "utf-8").toBe(fatal);
      }),
      { numRuns: 500 },
    );
  });

  it("AGENT-ERR-02: a NUL byte without a UTF-16 BOM is BINARY_FILE", async () => {
    const { root } = sandbox({ "bin.dat": Buffer.from([0x50, 0x4b, 0x03, 0x04, 0x00, 0x00, 0x41]) });
    expect(await readFailure(root, { path: "bin.dat" })).toEqual([
      "BINARY_FILE",
      "'bin.dat' is a binary file (a NUL byte in its first 8 KiB, and no UTF-16 byte order mark); read returns text only.",
    ]);
  });
});
