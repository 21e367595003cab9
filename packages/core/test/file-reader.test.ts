import fs from "node:fs";
import path from "node:path";
import { afterEach, expect, test } from "vitest";
import { closeFile, type OpenFile } from "../src/open-file.js";
import { runSteps } from "../src/steps.js";
import { open, useTempDirs, workspaceOf } from "./support/temp-workspace.js";

const dir = useTempDirs().make();
const workspace = workspaceOf(dir);
const opened: OpenFile[] = [];
afterEach(() => opened.splice(0).forEach(closeFile));

function openNamed(name: string, content: string | Buffer): OpenFile {
  fs.writeFileSync(path.join(dir, name), content);
  const file = open(workspace, name);
  opened.push(file);
  return file;
}

test("into copies the bytes the last chunk holds instead of reading them again, and reads on past them", async () => {
  const file = openNamed("held.txt", "a".repeat(100 * 1024));
  const first = await runSteps(file.reader.chunk(0));
  expect(first.bytes).toBe(64 * 1024);
  // Rewritten in place after the chunk was read: what the chunk holds is served from it, what lies past
  // it is read from the file as it is now.
  const fd = fs.openSync(path.join(dir, "held.txt"), "r+");
  fs.writeSync(fd, Buffer.alloc(100 * 1024, "b"), 0, 100 * 1024, 0);
  fs.closeSync(fd);
  const target = Buffer.alloc(100 * 1024);
  expect(await runSteps(file.reader.into(target, 0, target.length, 10))).toBe(64 * 1024 - 10);
  expect(target.subarray(0, 64 * 1024 - 10).toString("latin1")).toBe("a".repeat(64 * 1024 - 10));
  const rest = await runSteps(file.reader.into(target, 64 * 1024 - 10, 36 * 1024, 64 * 1024));
  expect(rest).toBe(36 * 1024);
  expect(target.subarray(64 * 1024 - 10, 100 * 1024 - 10).toString("latin1")).toBe("b".repeat(36 * 1024));
});

test("into takes no more than asked from the chunk, and nothing from it before its start", async () => {
  const file = openNamed("small.txt", "0123456789");
  await runSteps(file.reader.chunk(4));
  const target = Buffer.alloc(10, "-");
  expect(await runSteps(file.reader.into(target, 2, 3, 5))).toBe(3);
  expect(target.toString("latin1")).toBe("--567-----");
  expect(await runSteps(file.reader.into(target, 0, 10, 0))).toBe(10);
  expect(target.toString("latin1")).toBe("0123456789");
});
