import { describe, expect, test } from "vitest";
import { MTIME_MS, useSandbox } from "./sandbox.js";

const MIB = 1024 * 1024;
const ANSWER = 256 * 1024;
// 43690 control bytes take 262140 bytes as JSON (`\u0001` each); one more would pass 262144.
const FITTING = Math.floor(ANSWER / 6);

const sandbox = useSandbox();

describe("issue 30 case 5: a page is bounded by its JSON form", () => {
  test("issue 30 case 5: a line of \\x01 filling the 1 MiB limit is cut at 256 KiB of JSON, with a marker in the content", async () => {
    const box = sandbox();
    const size = MIB - 1;
    box.write("ctl.txt", Buffer.concat([Buffer.from("a\n"), Buffer.alloc(size - 4, 1), Buffer.from("\nz")]));
    const output = await box.call({ path: "ctl.txt", start_line: 2, max_lines: 1 });
    expect(output).toEqual({
      path: "ctl.txt",
      content: `${"\u0001".repeat(FITTING)} [... line 2 is cut here: only its first ${FITTING} bytes fit in one answer (262144 bytes as JSON, escapes counted); the rest of this line cannot be read with start_line/max_lines]`,
      truncated: true,
      next_start_line: 3,
      meta: { byte_length: size, line_count: 3, returned_line_count: 1, mtime_ms: MTIME_MS },
    });
    expect(Buffer.byteLength(JSON.stringify(output))).toBeLessThan(ANSWER + 1024);
    expect(await box.call({ path: "ctl.txt", start_line: 3 })).toMatchObject({ content: "z", truncated: false, next_start_line: null });
  });

  test("issue 30 case 5: a page stops before the line whose escapes would pass the bound", async () => {
    const box = sandbox();
    const line = "\u0002".repeat(40_000);
    box.write("lines.txt", `${line}\n${line}\n${line}\n`);
    const output = await box.call({ path: "lines.txt" });
    expect(output).toMatchObject({ content: line, truncated: true, next_start_line: 2, meta: { line_count: 4, returned_line_count: 1 } });
    expect(Buffer.byteLength(JSON.stringify(output))).toBeLessThan(ANSWER + 1024);
  });

  test("issue 30 case 5: a cut last line says so, with no next page", async () => {
    const box = sandbox();
    box.write("last.txt", "\u0003".repeat(50_000));
    expect(await box.call({ path: "last.txt" })).toMatchObject({ truncated: true, next_start_line: null, meta: { line_count: 1, returned_line_count: 1 } });
  });

  test("issue 30 case 5: a 60 MiB line is refused by the spec's 1 MiB limit, in a short answer", async () => {
    const box = sandbox();
    box.write("huge.txt", Buffer.concat([Buffer.from("a\n"), Buffer.alloc(60 * MIB, 1)]));
    const output = await box.call({ path: "huge.txt", start_line: 2, max_lines: 1 });
    expect(output).toMatchObject({ error: { code: "SIZE_LIMIT_EXCEEDED" } });
    expect(Buffer.byteLength(JSON.stringify(output))).toBeLessThan(1024);
  });
});
