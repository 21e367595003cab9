import { describe, expect, test } from "vitest";
import { numberedLines, read, sandbox } from "./helpers.js";

const conflict = (message: string) => ({ error: { code: "CONFLICTING_ARGUMENTS", message } });

describe("FR-RD-03: head/tail are exclusive with ranges", () => {
  test("FORGE-T-RD-03: head and tail together are an error naming both", async () => {
    const { root } = sandbox({ "a.txt": numberedLines(5) });
    expect(await read(root, { path: "a.txt", head: 2, tail: 2 })).toEqual(
      conflict("`head` and `tail` cannot be used together: `head` reads the first lines of the file and `tail` the last; give one of them."),
    );
    expect(await read(root, { path: "a.txt", head: 2 })).toMatchObject({ content: "1| line 1\n2| line 2\n" });
    expect(await read(root, { path: "a.txt", tail: 2 })).toMatchObject({ content: "4| line 4\n5| line 5\n" });
  });

  test("FORGE-T-RD-03: head or tail with start_line, end_line or limit is an error naming every clashing parameter", async () => {
    const { root } = sandbox({ "a.txt": numberedLines(5) });
    const tail = "cannot be used together: `head` and `tail` select lines on their own; use one of them alone, or select lines with `start_line`/`end_line`/`limit`.";
    expect(await read(root, { path: "a.txt", head: 2, start_line: 3 })).toEqual(conflict(`\`head\` and \`start_line\` ${tail}`));
    expect(await read(root, { path: "a.txt", tail: 2, end_line: 3 })).toEqual(conflict(`\`tail\` and \`end_line\` ${tail}`));
    expect(await read(root, { path: "a.txt", tail: 2, limit: 3 })).toEqual(conflict(`\`tail\` and \`limit\` ${tail}`));
    expect(await read(root, { path: "a.txt", head: 1, start_line: 1, end_line: 2 })).toEqual(conflict(`\`head\`, \`start_line\` and \`end_line\` ${tail}`));
    expect(await read(root, { path: "a.txt", head: 1, tail: 1, limit: 2 })).toEqual(conflict(`\`head\`, \`tail\` and \`limit\` ${tail}`));
  });

  test("FORGE-FR-RD-03: end_line with limit is an error; end_line before start_line is an error", async () => {
    const { root } = sandbox({ "a.txt": numberedLines(5) });
    expect(await read(root, { path: "a.txt", start_line: 1, end_line: 3, limit: 2 })).toEqual(
      conflict("`end_line` and `limit` cannot be used together: both say where the range ends; give `end_line` (the last line) or `limit` (how many lines)."),
    );
    expect(await read(root, { path: "a.txt", start_line: 5, end_line: 3 })).toEqual({
      error: {
        code: "INVALID_RANGE",
        message: "start_line must be <= end_line: `end_line` (3) is before `start_line` (5); lines are 1-indexed and the range is inclusive.",
      },
    });
    expect(await read(root, { path: "a.txt", start_line: 3, end_line: 3 })).toMatchObject({ content: "3| line 3\n" });
  });

  test("FORGE-FR-RD-03: clashes are reported before the file is looked at, after the sandbox has judged the path (forge's order)", async () => {
    const { root } = sandbox({ ".env": "SECRET=1\n" });
    expect(await read(root, { path: "missing.txt", head: 1, tail: 1 })).toMatchObject({ error: { code: "CONFLICTING_ARGUMENTS" } });
    expect(await read(root, { path: "missing.txt", start_line: 3, end_line: 2 })).toMatchObject({ error: { code: "INVALID_RANGE" } });
    expect(await read(root, { path: "../x", start_line: 3, end_line: 2 })).toEqual({
      error: { code: "OUTSIDE_SANDBOX", message: "Path outside sandbox: '../x' resolves outside the workspace root, and Read only reads files inside it." },
    });
    expect(await read(root, { path: ".env", head: 1, tail: 1 })).toEqual({
      error: { code: "SANDBOX_DENIED", message: "Path '.env' matched denied pattern '**/.env': the sandbox refuses it (denied_patterns in [tools.read_file])." },
    });
  });
});
