import { createHash } from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { expect } from "vitest";
import { makeTempDir } from "../../../vitest.temp-dirs.js";
import { createTool, readOutputSchema, type AgentToolOptions, type ReadOutput, type ReadSuccess } from "../src/index.js";

/** AGENT-VER-01, written out here rather than taken from the package: the first 32 hex digits of the SHA-256 of `bytes`. */
export function versionOf(bytes: string | Uint8Array): string {
  return createHash("sha256").update(bytes).digest("hex").slice(0, 32);
}

/** A temporary directory holding `ws/` (the workspace root) and `outside/`, removed after the test file. */
export interface Sandbox {
  readonly dir: string;
  readonly root: string;
  readonly outside: string;
}

/** Creates a {@link Sandbox} with `files` (relative to `ws/`) written as given. */
export function sandbox(files: Record<string, string | Uint8Array> = {}): Sandbox {
  const dir = makeTempDir("agent-");
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

/** Calls `read` over `root` and checks the output against the published output schema. */
export async function read(root: string, input: unknown, options: Omit<AgentToolOptions, "root"> = {}): Promise<ReadOutput> {
  const output = await createTool({ root, ...options }).call(input);
  expect(readOutputSchema.safeParse(output).success).toBe(true);
  return output;
}

/** {@link read}, expecting a successful answer with content. */
export async function readText(root: string, input: unknown, options: Omit<AgentToolOptions, "root"> = {}): Promise<ReadSuccess> {
  const output = await read(root, input, options);
  if ("error" in output || "unchanged" in output || "image" in output || "format" in output) throw new Error(`expected a text file's content, got ${JSON.stringify(output)}`);
  return output;
}

/** {@link read}, expecting an error: returns `[code, message]`. */
export async function readFailure(root: string, input: unknown, options: Omit<AgentToolOptions, "root"> = {}): Promise<[string, string]> {
  const output = await read(root, input, options);
  if (!("error" in output)) throw new Error(`expected an error, got ${JSON.stringify(output).slice(0, 300)}`);
  return [output.error.code, output.error.message];
}

/** `count` lines `line 1\n` ... `line N\n`. */
export function numberedLines(count: number, from = 1): string {
  let text = "";
  for (let n = from; n < from + count; n++) text += `line ${n}\n`;
  return text;
}

/** The content lines of `numberedLines(count, from)` as `read` shows them. */
export function shown(count: number, from = 1): string {
  const lines: string[] = [];
  for (let n = from; n < from + count; n++) lines.push(`${n}\tline ${n}`);
  return lines.join("\n");
}
