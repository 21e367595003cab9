import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { expect, onTestFinished } from "vitest";
import { z } from "zod";
import { createTool, readErrorSchema, readSuccessSchema, type ForgeToolOptions, type ReadOutput } from "../src/index.js";

/** A temporary directory holding `ws/` (the workspace root) and `outside/`, removed when the test ends. */
export interface Sandbox {
  readonly dir: string;
  readonly root: string;
  readonly outside: string;
}

/** Creates a {@link Sandbox} with `files` (relative to `ws/`) written as given. */
export function sandbox(files: Record<string, string | Buffer> = {}): Sandbox {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "forge-"));
  onTestFinished(() => fs.rmSync(dir, { recursive: true, force: true }));
  const root = path.join(dir, "ws");
  const outside = path.join(dir, "outside");
  fs.mkdirSync(root);
  fs.mkdirSync(outside);
  for (const [name, content] of Object.entries(files)) {
    fs.mkdirSync(path.dirname(path.join(root, name)), { recursive: true });
    fs.writeFileSync(path.join(root, name), content);
  }
  return { dir, root, outside };
}

const anyOutput = z.union([readSuccessSchema, readErrorSchema]);

/** Calls a `Read` tool over `root` and checks the output against the published output schema. */
export async function read(root: string, input: unknown, options: Omit<ForgeToolOptions, "root"> = {}): Promise<ReadOutput> {
  const output = await createTool({ root, ...options }).call(input);
  expect(anyOutput.safeParse(output).success).toBe(true);
  return output;
}

/** `count` lines `line 1\n` ... `line N\n`. */
export function numberedLines(count: number, from = 1): string {
  let text = "";
  for (let n = from; n < from + count; n++) text += `line ${n}\n`;
  return text;
}
