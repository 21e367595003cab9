import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { loadAllProfiles } from "@read/profiles";

/** Every profile, driven only through the contract. */
export const PROFILES = [...(await loadAllProfiles()).values()];

/** A fresh temporary directory holding `files` (POSIX paths to UTF-8 contents). */
export function makeWorkspace(files: Record<string, string>): string {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), "read-adapters-"));
  for (const [name, text] of Object.entries(files)) {
    const target = path.join(root, name);
    fs.mkdirSync(path.dirname(target), { recursive: true });
    fs.writeFileSync(target, text);
  }
  return root;
}

/** A JSON value with its timing fields zeroed (`time_ms`, `(Took Nms)`), which differ between runs. */
export function maskTime(value: unknown): unknown {
  return JSON.parse(JSON.stringify(value).replace(/"time_ms":\d+/g, '"time_ms":0').replace(/\(Took \d+ms\)/g, "(Took 0ms)"));
}
