import fs from "node:fs";
import path from "node:path";
import { makeTempDir } from "../../../../vitest.temp-dirs.js";
import {
  createWorkspace,
  openFile,
  readTextWindow,
  type LineWindowRequest,
  type OpenFile,
  type Result,
  type TextWindow,
  type TextWindowOptions,
  type Workspace,
} from "../../src/index.js";

/**
 * Temporary directories for one test file, removed after its last test (the repository's `makeTempDir`,
 * with core's prefix). Every directory is real, under `os.tmpdir()`; nothing is mocked.
 */
export function useTempDirs(): { make(prefix?: string): string } {
  return { make: (prefix = "read-core-") => makeTempDir(prefix) };
}

/** A workspace on `dir`; throws when core refuses it, since every test root is a real directory. */
export function workspaceOf(dir: string): Workspace {
  const workspace = createWorkspace(dir);
  if (!workspace.ok) throw new Error(`createWorkspace(${dir}) failed: ${workspace.failure.code}`);
  return workspace.value;
}

/** Writes `files` (name to content) into `dir`, creating parent directories. */
export function writeFiles(dir: string, files: Record<string, string | Uint8Array>): void {
  for (const [name, content] of Object.entries(files)) {
    const file = path.join(dir, name);
    fs.mkdirSync(path.dirname(file), { recursive: true });
    fs.writeFileSync(file, content);
  }
}

/** The options most tests use: count lines, strict UTF-8, no sniff; `overrides` replace any of them. */
export function windowOptions(window: LineWindowRequest, overrides: Partial<TextWindowOptions> = {}): TextWindowOptions {
  return { window, countTotal: true, decode: "strict", sniffBytes: 0, ...overrides };
}

/** Reads `name` in `workspace` through the whole pipeline. */
export function read(workspace: Workspace, name: string, window: LineWindowRequest, overrides: Partial<TextWindowOptions> = {}): Promise<Result<TextWindow>> {
  return readTextWindow(workspace, name, windowOptions(window, overrides));
}

/** Resolves and opens `name`; throws when either fails (for tests that drive the later steps by hand). */
export function open(workspace: Workspace, name: string): OpenFile {
  const resolved = workspace.resolve(name);
  if (!resolved.ok) throw new Error(`resolve(${name}) failed: ${resolved.failure.code}`);
  const opened = openFile(resolved.value);
  if (!opened.ok) throw new Error(`openFile(${name}) failed: ${opened.failure.code}`);
  return opened.value;
}

/** The value of a successful result; throws with the failure otherwise. */
export function valueOf<T>(result: Result<T>): T {
  if (!result.ok) throw new Error(`expected success, got ${result.failure.code}: ${result.failure.message}`);
  return result.value;
}

/** The failure code of a failed result, or `"ok"` when it succeeded. */
export function codeOf(result: Result<unknown>): string {
  return result.ok ? "ok" : result.failure.code;
}
