import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { expect, test } from "vitest";
import { createWorkspace, readTextWindow } from "../src/index.js";

test("smoke", () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "read-"));
  fs.writeFileSync(path.join(dir, "a.txt"), "one\r\ntwo\nthree");
  const ws = createWorkspace(dir);
  if (!ws.ok) throw new Error("ws");
  const r = readTextWindow(ws.value, "a.txt", { window: { from: "start", startLine: 2, maxLines: 1 }, countTotal: true, decode: "strict", sniffBytes: 8192 });
  expect(r.ok && r.value.window).toMatchObject({ totalLines: 3, hasMore: true, firstLine: 2 });
  const t = readTextWindow(ws.value, "a.txt", { window: { from: "end", lines: 2 }, countTotal: true, decode: "strict", sniffBytes: 8192 });
  expect(t.ok && t.value.window.lines).toEqual([{ number: 2, text: "two", terminator: "\n" }, { number: 3, text: "three", terminator: "" }]);
  const o = readTextWindow(ws.value, "../x", { window: { from: "end", lines: 2 }, countTotal: true, decode: "strict", sniffBytes: 8192 });
  expect(!o.ok && o.failure.code).toBe("OUTSIDE_ROOT");
});
