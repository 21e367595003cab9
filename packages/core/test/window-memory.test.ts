import { execFileSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, test } from "vitest";
import { useTempDirs } from "./support/temp-workspace.js";

const dir = useTempDirs().make();
const LINE_BYTES = 32 * 1024 * 1024;
fs.writeFileSync(path.join(dir, "one-line.min.js"), Buffer.alloc(LINE_BYTES, "a"));
const core = path.join(path.dirname(fileURLToPath(import.meta.url)), "..", "dist", "index.js");

// A fresh process (the built package, as the tool runs): its peak RSS before and after one read.
const CHILD = `
const { createWorkspace, readTextWindow } = await import(process.argv[1]);
const workspace = createWorkspace(process.argv[2]);
const before = process.resourceUsage().maxRSS;
const read = await readTextWindow(workspace.value, "one-line.min.js", { window: { from: "start", startLine: 1, maxLines: null }, countTotal: true, decode: "strict", sniffBytes: 0 });
const after = process.resourceUsage().maxRSS;
process.stdout.write(JSON.stringify({ ok: read.ok, length: read.ok ? read.value.window.lines[0].text.length : -1, growthKiB: after - before }));
`;

describe("memory follows the window once, not twice", () => {
  test("reading a 32 MiB one-line file grows peak RSS by less than 1.5 times the line (its bytes and its text were both held whole: 2 times)", () => {
    const out = JSON.parse(execFileSync(process.execPath, ["--input-type=module", "-e", CHILD, core, dir], { encoding: "utf8", timeout: 60_000 })) as { ok: boolean; length: number; growthKiB: number };
    expect(out).toMatchObject({ ok: true, length: LINE_BYTES });
    expect(out.growthKiB * 1024).toBeLessThan(1.5 * LINE_BYTES);
  });
});
