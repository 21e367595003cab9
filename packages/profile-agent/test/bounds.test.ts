import { describe, expect, it } from "vitest";
import { profile } from "../src/index.js";
import { readFailure, readText, sandbox } from "./helpers.js";

// Pages through a file with `next` alone, as a model would, returning every answer.
async function pageThrough(root: string, path: string, options: Parameters<typeof readText>[2] = {}) {
  const answers = [];
  let input: Record<string, unknown> = { path };
  for (let calls = 0; calls < 200; calls++) {
    const answer = await readText(root, input, options);
    answers.push(answer);
    if (answer.next === null) return answers;
    input = { path, ...answer.next };
  }
  throw new Error("no end after 200 calls");
}

describe("AGENT-BND-03, AGENT-IN-04: long lines and column", () => {
  const long = "abcdefghij".repeat(500);
  const { root } = sandbox({ "long.txt": `first\n${long}\nlast\n`, "wide.txt": `${"é".repeat(2500)}漢\n` });

  it("issue 32: a line over 2000 characters is cut with a notice naming the column, and the page goes on", async () => {
    const output = await readText(root, { path: "long.txt" });
    expect(output.content).toBe(`1\tfirst\n2\t${long.slice(0, 2000)}\n[line 2 is cut after column 2000: read the rest with start_line 2, column 2001]\n3\tlast`);
    expect([output.truncated, output.next, output.end_line]).toEqual([true, null, 3]);
  });

  it("issue 32: column continues inside the line, to its end", async () => {
    const second = await readText(root, { path: "long.txt", start_line: 2, column: 2001, limit: 1 });
    expect(second.content).toBe(`[line 2 from column 2001]\n2\t${long.slice(2000, 4000)}\n[line 2 is cut after column 4000: read the rest with start_line 2, column 4001]`);
    const third = await readText(root, { path: "long.txt", start_line: 2, column: 4001 });
    expect([third.content, third.truncated, third.next]).toEqual([`[line 2 from column 4001]\n2\t${long.slice(4000)}\n3\tlast`, false, null]);
  });

  it("columns count characters, not bytes", async () => {
    const output = await readText(root, { path: "wide.txt", column: 2500 });
    expect(output.content).toBe("[line 1 from column 2500]\n1\té漢");
    expect(await readText(root, { path: "wide.txt", column: 2502 })).toMatchObject({ content: "[line 1 from column 2502]\n1\t" });
  });

  it("COLUMN_OUT_OF_RANGE: a column further than one past the line's end", async () => {
    expect(await readFailure(root, { path: "long.txt", column: 7 })).toEqual([
      "COLUMN_OUT_OF_RANGE",
      "`column` 7 is past the end of line 1 of 'long.txt': a column is at most the line's length + 1. Read the line from its start (without `column`).",
    ]);
  });
});

describe("AGENT-BND-02, AGENT-BND-04: the byte bound", () => {
  it("issue 32: a page stops on a whole line before the JSON-escaped byte bound", async () => {
    // 100 lines of 40 control bytes: 240 bytes each once JSON-escaped (\u0001), 40 raw.
    const line = "\u0001".repeat(40);
    const { root } = sandbox({ "ctl.txt": `${line}\n`.repeat(100) });
    const output = await readText(root, { path: "ctl.txt" }, { max_content_bytes: 4096 });
    expect(Buffer.byteLength(JSON.stringify(output.content))).toBeLessThanOrEqual(4096 + 2);
    const lines = output.content.split("\n");
    expect(lines.at(-1)).toBe(`[the answer's bound was reached: continue with start_line ${output.end_line! + 1}]`);
    expect(lines.slice(0, -1)).toEqual(Array.from({ length: output.end_line! }, (_, index) => `${index + 1}\t${line}`));
    expect(output.next).toEqual({ start_line: output.end_line! + 1 });
  });

  it("issue 32: one line over the bound by itself is cut to what fits, and next gives the column", async () => {
    const { root } = sandbox({ "one.txt": `${"\u0001".repeat(3000)}\n` });
    const answers = await pageThrough(root, "one.txt", { max_content_bytes: 4096, max_line_chars: 2000 });
    let text = "";
    for (const answer of answers) {
      expect(Buffer.byteLength(JSON.stringify(answer.content))).toBeLessThanOrEqual(4096 + 2);
      text += answer.content.split("\n").find((line) => line.startsWith("1\t"))!.slice(2);
    }
    expect(text).toBe("\u0001".repeat(3000));
    expect(answers[0]!.next).toMatchObject({ start_line: 1 });
  });

  it("issue 30 case 5 for agent: a 24 MiB line of control bytes is answered within the bound, and read on by column", async () => {
    const { root } = sandbox({ "huge.txt": `a\n${"\u0001".repeat(24 * 1024 * 1024)}\n` });
    const first = await readText(root, { path: "huge.txt", start_line: 2, limit: 1 });
    expect(Buffer.byteLength(JSON.stringify(first.content))).toBeLessThanOrEqual(262144 + 2);
    expect(first.next).toEqual(null);
    expect(first.content.split("\n").at(-1)).toBe("[line 2 is cut after column 2000: read the rest with start_line 2, column 2001]");
    const deep = await readText(root, { path: "huge.txt", start_line: 2, column: 20_000_001, limit: 1 });
    expect(deep.content.split("\n")[1]).toBe(`2\t${"\u0001".repeat(2000)}`);
  });

  it("AGENT-BND-05: the bounds that hold memory are at most 64 MiB, whoever sets them", () => {
    expect(() => profile.parseConfig({ max_content_bytes: 64 * 1024 * 1024 + 1 })).toThrow(
      `agent: invalid option 'max_content_bytes' in [agent]: expected at most 67108864, got 67108865`,
    );
    expect(() => profile.parseConfig({ max_decoded_bytes: 2 ** 40 })).toThrow(`agent: invalid option 'max_decoded_bytes' in [agent]: expected at most 67108864, got ${2 ** 40}`);
  });

  it("AGENT-BND-05: a workspace layer may lower every bound and raise none", () => {
    const trusted = profile.parseConfig({});
    const keys = ["max_lines", "max_content_bytes", "max_line_chars", "max_decoded_bytes", "max_scan_bytes", "secrets"];
    expect(profile.loosenings(trusted, profile.parseConfig({ max_lines: 10, max_content_bytes: 2048, max_line_chars: 100, max_decoded_bytes: 1, max_scan_bytes: 1 }), keys)).toEqual([]);
    expect(profile.loosenings(trusted, profile.parseConfig({ max_lines: 3000, max_scan_bytes: 2 ** 30, secrets: false }), keys)).toEqual([
      { key: "max_lines", reason: "raises the limit from 2000 to 3000" },
      { key: "max_scan_bytes", reason: `raises the limit from ${64 * 1024 * 1024} to ${2 ** 30}` },
      { key: "secrets", reason: "turns the protection off" },
    ]);
  });
});
