import fs from "node:fs";
import path from "node:path";
import { makeTempDir } from "../../../vitest.temp-dirs.js";
import { loadAllProfiles } from "@read/profiles";

/** Every profile, driven only through the contract. */
export const PROFILES = [...(await loadAllProfiles()).values()];

/** A fresh temporary directory holding `files` (POSIX paths to UTF-8 contents), removed after the test file's last test. */
export function makeWorkspace(files: Record<string, string>): string {
  const root = makeTempDir("read-adapters-");
  for (const [name, text] of Object.entries(files)) {
    const target = path.join(root, name);
    fs.mkdirSync(path.dirname(target), { recursive: true });
    fs.writeFileSync(target, text);
  }
  return root;
}

/** A JSON value with its timing fields zeroed (`time_ms`, `(Took Nms)`), which differ between runs. */
export function maskTime(value: unknown): unknown {
  return JSON.parse(maskTimeText(JSON.stringify(value)));
}

/** Serialised JSON (or a text holding it) with its timing fields zeroed, as {@link maskTime} does. */
export function maskTimeText(text: string): string {
  return text.replace(/"time_ms":\d+/g, '"time_ms":0').replace(/\(Took \d+ms\)/g, "(Took 0ms)");
}

/** A tool result's content that must be one string (an answer without an image). */
export function textOf(content: string | readonly unknown[]): string {
  if (typeof content !== "string") throw new Error(`expected text, got ${JSON.stringify(content).slice(0, 200)}`);
  return content;
}
