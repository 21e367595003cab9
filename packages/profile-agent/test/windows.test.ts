import { describe, expect, it } from "vitest";
import { numberedLines, readFailure, readText, sandbox, shown } from "./helpers.js";

describe("AGENT-IN-02, AGENT-IN-03, AGENT-IN-05: windows, tails and ranges", () => {
  const { root } = sandbox({ "big.txt": numberedLines(2500), "small.txt": numberedLines(10) });

  it("issue 32: limit defaults to 2000 lines, next continues (AGENT-IN-02)", async () => {
    const first = await readText(root, { path: "big.txt" });
    expect([first.start_line, first.end_line, first.total_lines, first.truncated, first.next]).toEqual([1, 2000, 2500, true, { start_line: 2001 }]);
    expect(first.content).toBe(shown(2000));
    const second = await readText(root, { path: "big.txt", start_line: 2001 });
    expect([second.content, second.next]).toEqual([shown(500, 2001), null]);
  });

  it("a limit over the bound is served up to it (AGENT-BND-01)", async () => {
    const output = await readText(root, { path: "big.txt", limit: 2400 });
    expect([output.end_line, output.next]).toEqual([2000, { start_line: 2001 }]);
    expect(output.content).toBe(shown(2000));
  });

  it("issue 32: tail reads the last lines (AGENT-IN-03)", async () => {
    expect(await readText(root, { path: "small.txt", tail: 3 })).toMatchObject({ content: shown(3, 8), start_line: 8, end_line: 10, truncated: false, next: null });
    expect((await readText(root, { path: "small.txt", tail: 50 })).content).toBe(shown(10));
  });

  it("a tail over max_lines shows the file's last max_lines lines, truncated: the first lines it asked for are left out (AGENT-IN-03, AGENT-OUT-06)", async () => {
    expect(await readText(root, { path: "big.txt", tail: 2400 })).toMatchObject({ content: shown(2000, 501), start_line: 501, end_line: 2500, truncated: true, next: null });
    expect(await readText(root, { path: "big.txt", tail: 2000 })).toMatchObject({ start_line: 501, end_line: 2500, truncated: false, next: null });
    expect(await readText(root, { path: "small.txt", tail: 2400 })).toMatchObject({ content: shown(10), start_line: 1, end_line: 10, truncated: false, next: null });
  });

  it("issue 32: ranges give several windows in one answer, in line order, merged when they overlap (AGENT-IN-05)", async () => {
    const output = await readText(root, { path: "small.txt", ranges: [{ start_line: 9, limit: 1 }, { start_line: 2, limit: 2 }, { start_line: 3, limit: 2 }] });
    expect([output.content, output.start_line, output.end_line, output.next, output.truncated]).toEqual([
      `${shown(3, 2)}\n${shown(1, 9)}`,
      2,
      9,
      { start_line: 10 },
      true,
    ]);
  });

  it("ranges cut by the bound say where to continue, and that later ranges were left", async () => {
    const output = await readText(root, { path: "big.txt", ranges: [{ start_line: 1, limit: 1999 }, { start_line: 2100, limit: 5 }, { start_line: 2400, limit: 1 }] });
    expect(output.next).toEqual({ start_line: 2101 });
    expect(output.content.split("\n").slice(-3)).toEqual([
      "2100\tline 2100",
      "[the answer's bound was reached: continue with start_line 2101]",
      "[ranges after this one were not read: ask for them again]",
    ]);
  });

  it("LINE_OUT_OF_RANGE: a start after the last line gives the line count", async () => {
    expect(await readFailure(root, { path: "small.txt", start_line: 11 })).toEqual([
      "LINE_OUT_OF_RANGE",
      "`start_line` 11 is after the last line: the file has 10 lines. Read from a line up to 10, or use `tail`.",
    ]);
    expect((await readFailure(root, { path: "small.txt", ranges: [{ start_line: 1 }, { start_line: 12 }] }))[0]).toBe("LINE_OUT_OF_RANGE");
  });
});
