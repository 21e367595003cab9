import fs from "node:fs";
import path from "node:path";
import fc from "fast-check";
import { closeFile, createWorkspace, DEFAULT_SECRET_SCANNER, openFile, settleSteps, type OpenFile, type Steps } from "@read/core";
import { describe, expect, it } from "vitest";
import { configSchema } from "../src/config-schema.js";
import { leadingPageSteps } from "../src/leading-page.js";
import { utf8Source } from "../src/line-source.js";
import { isReadError } from "../src/output.js";
import { pageLinesSteps } from "../src/page-lines.js";
import { parseInput } from "../src/parse-input.js";
import { readFile } from "../src/read-file.js";
import { readFile as readFileLineByLine } from "./per-line/read-file.js";
import { sandbox } from "./helpers.js";

// Text of every kind a page treats apart: printable ASCII, 2-, 3- and 4-byte characters, characters JSON
// escapes (a quote, a backslash, a tab, a control character), a line separator, a lone CR, and the keywords
// and secrets the secrets policy scans for.
const character = fc.oneof(
  { weight: 12, arbitrary: fc.integer({ min: 0x20, max: 0x7e }).map((code) => String.fromCharCode(code)) },
  { weight: 3, arbitrary: fc.constantFrom("é", "日", "😀", "\t", '"', "\\", "\u0001", "\u2028", "\r") },
  { weight: 1, arbitrary: fc.constantFrom(" secret ", "AKIAQWERTYUIOPASDFGH", "ghp_", "-----END") },
);
const line = fc.oneof(
  { weight: 8, arbitrary: fc.string({ unit: character, maxLength: 40 }) },
  { weight: 2, arbitrary: fc.string({ unit: character, minLength: 40, maxLength: 200 }) },
  { weight: 1, arbitrary: fc.tuple(fc.string({ unit: character, minLength: 1, maxLength: 8 }), fc.integer({ min: 100, max: 700 })).map(([unit, times]) => unit.repeat(times)) },
);
const file = fc.record({
  lines: fc.array(line, { minLength: 0, maxLength: 60 }),
  // Repeats of the lines: files of thousands of lines, and over 256 KiB.
  repeat: fc.oneof({ weight: 3, arbitrary: fc.constant(1) }, { weight: 2, arbitrary: fc.integer({ min: 2, max: 400 }) }),
  endings: fc.constantFrom("lf", "crlf", "mixed"),
  finalNewline: fc.boolean(),
  bom: fc.constantFrom("none", "none", "none", "utf-8", "utf-16le"),
  invalid: fc.boolean(),
});
const config = fc.record({
  max_lines: fc.oneof(fc.constant(2000), fc.integer({ min: 1, max: 300 })),
  max_content_bytes: fc.oneof(fc.constant(262144), fc.integer({ min: 1024, max: 20_000 })),
  max_line_chars: fc.oneof(fc.constant(2000), fc.integer({ min: 1, max: 300 })),
});
// A window's lines as fractions of the file's: most start within it.
const at = fc.double({ min: 0, max: 1.05, noNaN: true });
const input = fc.oneof(
  fc.constant({}),
  fc.record({ start_line: at, limit: fc.integer({ min: 1, max: 2500 }) }, { requiredKeys: [] }),
  fc.record({ max_tokens: fc.integer({ min: 1, max: 100_000 }), start_line: at }, { requiredKeys: ["max_tokens"] }),
  fc.record({ tail: fc.integer({ min: 1, max: 2500 }) }),
  fc.record({ start_line: at, column: fc.integer({ min: 1, max: 900 }), limit: fc.integer({ min: 1, max: 30 }) }),
  fc.record({ ranges: fc.array(fc.record({ start_line: at, limit: fc.integer({ min: 1, max: 400 }) }, { requiredKeys: ["start_line"] }), { minLength: 1, maxLength: 4 }) }),
);
type FileSpec = typeof file extends fc.Arbitrary<infer Spec> ? Spec : never;
type Window = { start_line?: number; ranges?: { start_line: number }[] } & Record<string, unknown>;

// The window with its fractions of the file's `lines` made line numbers.
function windowIn(window: Window, lines: number): Record<string, unknown> {
  const line = (fraction: number) => 1 + Math.floor(fraction * lines);
  return {
    ...window,
    ...(window.start_line === undefined ? {} : { start_line: line(window.start_line) }),
    ...(window.ranges === undefined ? {} : { ranges: window.ranges.map((range) => ({ ...range, start_line: line(range.start_line) })) }),
  };
}

// The file's bytes, and its lines.
function fileOf({ lines, repeat, endings, finalNewline, bom, invalid }: FileSpec): [Buffer, number] {
  const all: string[] = [];
  for (let round = 0; round < repeat; round++) all.push(...lines);
  let text = "";
  all.forEach((each, index) => {
    const ending = endings === "lf" || (endings === "mixed" && index % 3 !== 0) ? "\n" : "\r\n";
    text += index < all.length - 1 || finalNewline ? each + ending : each;
  });
  if (bom === "utf-16le") return [Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from(text, "utf16le")]), all.length];
  const bytes = Buffer.from(text);
  // A stray continuation byte and a truncated sequence: decoded to U+FFFD.
  const body = invalid ? Buffer.concat([bytes.subarray(0, bytes.length >> 1), Buffer.from([0x80, 0xe6, 0x97]), bytes.subarray(bytes.length >> 1)]) : bytes;
  return [bom === "utf-8" ? Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), body]) : body, all.length];
}

describe("pages built a run of lines at a time", () => {
  it("property: every answer is byte for byte the one the line-by-line builder gave (random files, bounds and windows, secrets policy on and off)", async () => {
    const { root } = sandbox();
    const workspace = createWorkspace(root);
    if (!workspace.ok) throw new Error("no workspace");
    let run = 0;
    await fc.assert(
      fc.asyncProperty(file, config, input, fc.boolean(), async (spec, bounds, window, secrets) => {
        const name = `f${run++}.txt`;
        const [bytes, lines] = fileOf(spec);
        fs.writeFileSync(path.join(root, name), bytes);
        const parsed = parseInput({ path: name, ...windowIn(window, lines) });
        if (isReadError(parsed)) return;
        const settings = configSchema.parse(bounds);
        const guards = secrets ? { redact: DEFAULT_SECRET_SCANNER } : {};
        const now = await readFile(workspace.value, parsed, settings, guards);
        const before = await readFileLineByLine(workspace.value, parsed, settings, guards);
        expect(JSON.stringify(now)).toBe(JSON.stringify(before));

      }),
      { numRuns: 400 },
    );
  }, 300_000);

  it("property: so is a read from the first line, which leadingPageSteps numbers in one pass when all its lines fit (random files, limits and token budgets, secrets policy on and off)", async () => {
    const { root } = sandbox();
    const workspace = createWorkspace(root);
    if (!workspace.ok) throw new Error("no workspace");
    const bounds = fc.record({ max_lines: fc.oneof(fc.constant(2000), fc.integer({ min: 1, max: 300 })), max_content_bytes: fc.oneof(fc.constant(262144), fc.integer({ min: 1024, max: 40_000 })) });
    const first = fc.oneof(
      fc.constant({}),
      fc.record({ limit: fc.integer({ min: 1, max: 2500 }) }),
      fc.record({ start_line: fc.constant(1), limit: fc.integer({ min: 1, max: 50 }) }),
      fc.record({ max_tokens: fc.oneof(fc.integer({ min: 1, max: 5000 }), fc.integer({ min: 5000, max: 2_000_000 })), limit: fc.integer({ min: 1, max: 2500 }) }, { requiredKeys: ["max_tokens"] }),
    );
    let run = 0;
    await fc.assert(
      fc.asyncProperty(file, bounds, first, fc.boolean(), async (spec, limits, window, secrets) => {
        const name = `first${run++}.txt`;
        fs.writeFileSync(path.join(root, name), fileOf(spec)[0]);
        const parsed = parseInput({ path: name, ...window });
        if (isReadError(parsed)) throw new Error(parsed.error.message);
        const settings = configSchema.parse(limits);
        const guards = secrets ? { redact: DEFAULT_SECRET_SCANNER } : {};
        const now = await readFile(workspace.value, parsed, settings, guards);
        expect(JSON.stringify(now)).toBe(JSON.stringify(await readFileLineByLine(workspace.value, parsed, settings, guards)));
      }),
      { numRuns: 300 },
    );
  }, 300_000);

  it("a file that grows after it was opened: the one-pass page gives way (its window ends at the size fstat gave, before the file does), and the line-by-line page shows the last line whole", async () => {
    const { root } = sandbox({ "growing.txt": "a\nbbbb" });
    const workspace = createWorkspace(root);
    if (!workspace.ok) throw new Error("no workspace");
    const input = parseInput({ path: "growing.txt" });
    if (isReadError(input)) throw new Error(input.error.message);
    const config = configSchema.parse({});
    const grown = async <T>(read: (file: OpenFile) => Steps<T>): Promise<T> => {
      fs.writeFileSync(path.join(root, "growing.txt"), "a\nbbbb");
      const resolved = workspace.value.resolve("growing.txt");
      if (!resolved.ok) throw new Error("not resolved");
      const opened = openFile(resolved.value);
      if (!opened.ok) throw new Error("not opened");
      fs.appendFileSync(path.join(root, "growing.txt"), "cccc");
      try {
        return await settleSteps(read(opened.value));
      } finally {
        closeFile(opened.value);
      }
    };
    const leading = await grown((file) => leadingPageSteps(file, input, config, 2, 0, undefined));
    const lineByLine = await grown((file) => pageLinesSteps(utf8Source(file, 2, 0, { offsets: [], lines: [], characters: [] }), input, config, "growing.txt"));
    expect(leading).toBeUndefined();
    expect(lineByLine.ok && !("error" in lineByLine.value) && lineByLine.value.page.content()).toBe("1\ta\n2\tbbbbcccc");
  });

  it("property: so is every page of a file whose default window nears 256 KiB (lines of 100 to 200 characters)", async () => {
    const { root } = sandbox();
    const workspace = createWorkspace(root);
    if (!workspace.ok) throw new Error("no workspace");
    const wide = fc.string({ unit: character, minLength: 100, maxLength: 200 });
    let run = 0;
    await fc.assert(
      fc.asyncProperty(
        fc.array(wide, { minLength: 1, maxLength: 40 }),
        fc.integer({ min: 1500, max: 2600 }),
        fc.constantFrom("\n", "\r\n"),
        fc.option(fc.integer({ min: 1, max: 200_000 }), { nil: undefined }),
        fc.boolean(),
        async (lines, count, ending, maxTokens, secrets) => {
          const name = `wide${run++}.txt`;
          fs.writeFileSync(path.join(root, name), Array.from({ length: count }, (_, index) => lines[index % lines.length] + ending).join(""));
          const parsed = parseInput({ path: name, ...(maxTokens === undefined ? {} : { max_tokens: maxTokens }) });
          if (isReadError(parsed)) throw new Error(parsed.error.message);
          const settings = configSchema.parse({});
          const guards = secrets ? { redact: DEFAULT_SECRET_SCANNER } : {};
          const now = await readFile(workspace.value, parsed, settings, guards);
          expect(JSON.stringify(now)).toBe(JSON.stringify(await readFileLineByLine(workspace.value, parsed, settings, guards)));
        },
      ),
      { numRuns: 40 },
    );
  }, 300_000);
});
