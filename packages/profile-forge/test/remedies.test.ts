import fs from "node:fs";
import path from "node:path";
import fc from "fast-check";
import { expect, test } from "vitest";
import { createTool, type ReadOutput, type ReadSuccess } from "../src/index.js";
import { sandbox } from "./helpers.js";

/** Lines of short and long text (multi-byte characters, a lone CR), LF or CRLF, with or without a final newline. */
const file = fc
  .array(
    fc.record({
      text: fc.string({ unit: fc.constantFrom("a", "x", " ", "\u00e9", "\u20ac", "\u{1F600}", "\r"), maxLength: 8 }),
      repeat: fc.oneof({ weight: 4, arbitrary: fc.constant(1) }, { weight: 1, arbitrary: fc.integer({ min: 2, max: 80 }) }),
      ending: fc.constantFrom("\n", "\r\n"),
    }),
    { maxLength: 30 },
  )
  .chain((lines) => fc.boolean().map((final) => lines.map((line, i) => line.text.repeat(line.repeat) + (i < lines.length - 1 || final ? line.ending : "")).join("")));

/** Small limits, so that lines and windows overflow them often (at least 4 bytes: one character of any size fits). */
const limit = fc.oneof(fc.integer({ min: 4, max: 120 }), fc.integer({ min: 4, max: 2000 }));

/** A request of every shape `Read` takes, with line numbers that may run past the file. */
const request = fc.oneof(
  fc.constant({}),
  fc.record({ start_line: fc.integer({ min: 1, max: 40 }) }, { requiredKeys: [] }),
  fc.record({ start_line: fc.integer({ min: 1, max: 40 }), limit: fc.integer({ min: 1, max: 40 }) }),
  fc.integer({ min: 1, max: 40 }).chain((start) => fc.integer({ min: start, max: start + 40 }).map((end) => ({ start_line: start, end_line: end }))),
  fc.record({ head: fc.integer({ min: 1, max: 40 }) }),
  fc.record({ tail: fc.integer({ min: 1, max: 40 }) }),
);

const success = (output: ReadOutput, what: string): ReadSuccess => {
  if ("error" in output) throw new Error(`${what}: ${output.error.code}: ${output.error.message}`);
  return output;
};

test("FORGE-FR-RD-06-remedy: every way on that an error or the view names works when it is followed", async () => {
  const { root } = sandbox();
  let run = 0;
  await fc.assert(
    fc.asyncProperty(file, limit, limit, request, fc.boolean(), async (text, maxFile, maxScan, asked, numbers) => {
      const name = `f${run++}.txt`;
      fs.writeFileSync(path.join(root, name), text);
      const size = Buffer.byteLength(text);
      const options = { max_file_read_bytes: maxFile, max_scan_bytes: maxScan, denied_patterns: [] };
      const tool = createTool({ root, ...options });
      const call = (input: object, tuned: object = {}) => createTool({ root, ...options, ...tuned }).call({ path: name, show_line_numbers: numbers, ...input });
      const output = await tool.call({ path: name, show_line_numbers: numbers, ...asked });
      if ("error" in output) {
        const { code, message } = output.error;
        if (code === "TOO_LARGE") {
          // "Read part of it: `start_line`/`end_line` (or `limit`) for a range, `head` for the first lines, `tail` for the last lines".
          expect(message).toContain("Read part of it: `start_line`/`end_line` (or `limit`) for a range, `head` for the first lines, `tail` for the last lines.");
          for (const part of [{ start_line: 1, end_line: 1 }, { start_line: 1, limit: 1 }, { head: 1 }, { tail: 1 }]) success(await call(part), `TOO_LARGE remedy ${JSON.stringify(part)}`);
          return;
        }
        expect(code).toBe("SCAN_LIMIT_EXCEEDED");
        expect(message).toContain("read the end of the file with `tail`, or raise max_scan_bytes in [tools.read_file].");
        success(await call({ tail: 1 }), "SCAN_LIMIT_EXCEEDED remedy tail");
        success(await call(asked, { max_scan_bytes: Math.max(1, size) }), "SCAN_LIMIT_EXCEEDED remedy: max_scan_bytes raised to the file size");
        return;
      }
      const notice = /\.\.\. \[(.*)\]/su.exec(output.content)?.[1];
      // A line the limits cut short, or lines they leave out, are flagged; so is anything after the view.
      if (notice !== undefined) expect(output.truncated).toBe(true);
      const next = output.next_start_line;
      if (next !== null) {
        expect(output.truncated).toBe(true);
        const followed = success(await call({ start_line: next }), `next_start_line ${next}`);
        expect(followed.start_line).toBe(next);
      }
      if (notice === undefined) {
        // Nothing says how to go on, so nothing may be left that next_start_line does not reach.
        expect(output.truncated && next === null).toBe(false);
        return;
      }
      // With no next_start_line, the notice itself names a way on (a remedy below), or says nothing is left.
      if (next === null) expect(notice).toMatch(/`tail`|[Rr]aise max_(?:file_read|scan)_bytes|Read its start|Read the lines before/u);
      const continueAt = /Continue with start_line = (\d+)\./u.exec(notice)?.[1];
      expect(continueAt === undefined ? null : Number(continueAt)).toBe(next);
      const startOf = /Read its start with start_line = (\d+)\./u.exec(notice)?.[1];
      if (startOf !== undefined) expect(success(await call({ start_line: Number(startOf) }), "read its start").start_line).toBe(Number(startOf));
      const before = /Read the lines before line (\d+) with start_line\/end_line/u.exec(notice)?.[1];
      if (before !== undefined) {
        const line = Number(before) - 1;
        expect(success(await call({ start_line: line, end_line: line }), "the lines before").start_line).toBe(line);
      }
      if (notice.includes("read the end of the file with `tail`")) success(await call({ tail: 1 }), "notice remedy tail");
      if (notice.includes("raise max_scan_bytes") || notice.includes("Raise max_scan_bytes")) {
        const raised = success(await call(asked, { max_scan_bytes: Math.max(1, size) }), "notice remedy max_scan_bytes");
        expect(raised.content).not.toContain("(max_scan_bytes)");
      }
      if (notice.includes("Raise max_file_read_bytes") || notice.includes("raise max_file_read_bytes")) {
        const raisedFile = success(await call(asked, { max_file_read_bytes: Math.max(1, size) }), "notice remedy max_file_read_bytes");
        expect(raisedFile.content).not.toContain("max_file_read_bytes (");
      }
    }),
  );
});
