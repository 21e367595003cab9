import fs from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import { z } from "zod";
import { makeSpecialFiles, type SpecialFile } from "./make-special-files.js";

/** The mtime every regular file of a scratch workspace gets, so outputs that carry it are exact. */
export const FIXED_MTIME_MS = 1_735_212_345_000;

/**
 * One entry of a scratch workspace, as golden cases write it: text (UTF-8, optionally repeated), raw
 * bytes (base64), a directory, a symlink (its target as written; `${ROOT}`, `${OUTSIDE}` and `${DIR}`
 * are replaced), a FIFO, a listening Unix socket, or a character device (`/dev/null`'s numbers).
 */
export const fileEntrySchema = z.union([
  z.strictObject({ text: z.string(), repeat: z.number().int().nonnegative().optional() }),
  z.strictObject({ base64: z.base64() }),
  z.strictObject({ directory: z.literal(true) }),
  z.strictObject({ symlink: z.string().min(1) }),
  z.strictObject({ fifo: z.literal(true) }),
  z.strictObject({ socket: z.literal(true) }),
  z.strictObject({ device: z.literal(true) }),
]);
/**
 * An entry as cases in code write it: also raw bytes, or a hard link (`hardlink`: the path of an entry
 * made before it, `${ROOT}`, `${OUTSIDE}` and `${DIR}` replaced).
 */
export type FileEntry = z.infer<typeof fileEntrySchema> | { readonly bytes: Uint8Array } | { readonly hardlink: string };

/** What to create: entries under the root, under `outside/`, and directly under the parent directory. */
export interface ScratchLayout {
  readonly files?: Readonly<Record<string, FileEntry>>;
  readonly outside?: Readonly<Record<string, FileEntry>>;
  readonly around?: Readonly<Record<string, FileEntry>>;
}

/** A temporary directory holding `ws/` (the workspace root) and `outside/`, removed by `dispose`. */
export interface ScratchWorkspace {
  /** The canonical parent directory. */
  readonly dir: string;
  /** The canonical workspace root (`dir/ws`). */
  readonly root: string;
  /** The canonical `dir/outside`. */
  readonly outside: string;
  /** Adds entries under the root after creation. */
  add(files: Readonly<Record<string, FileEntry>>): Promise<void>;
  /** Replaces `${ROOT}`, `${OUTSIDE}` and `${DIR}` in a string by this workspace's paths. */
  expand(text: string): string;
  /** Replaces this workspace's paths in every string of a JSON value by `${ROOT}`, `${OUTSIDE}`, `${DIR}`. */
  placeholders(value: unknown): unknown;
  dispose(): Promise<void>;
}

/** Creates a scratch workspace under the OS temporary directory. */
export async function createScratchWorkspace(layout: ScratchLayout = {}): Promise<ScratchWorkspace> {
  const dir = fs.realpathSync.native(fs.mkdtempSync(path.join(os.tmpdir(), "read-conformance-")));
  const root = path.join(dir, "ws");
  const outside = path.join(dir, "outside");
  fs.mkdirSync(root);
  fs.mkdirSync(outside);
  const servers: net.Server[] = [];
  const expand = (text: string): string => text.replaceAll("${ROOT}", root).replaceAll("${OUTSIDE}", outside).replaceAll("${DIR}", dir);
  const createAll = async (base: string, entries: Readonly<Record<string, FileEntry>> | undefined): Promise<void> => {
    for (const [name, entry] of Object.entries(entries ?? {})) {
      const target = path.join(base, ...name.split("/"));
      fs.mkdirSync(path.dirname(target), { recursive: true });
      const server = await createEntry(target, entry, expand);
      if (server !== undefined) servers.push(server);
    }
  };
  const workspace: ScratchWorkspace = {
    dir,
    root,
    outside,
    add: (files) => createAll(root, files),
    expand,
    placeholders: (value) => replaceStrings(value, (text) => text.replaceAll(root, "${ROOT}").replaceAll(outside, "${OUTSIDE}").replaceAll(dir, "${DIR}")),
    async dispose() {
      await Promise.all(servers.map((server) => new Promise((resolve) => server.close(resolve))));
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
  try {
    await createAll(root, layout.files);
    await createAll(outside, layout.outside);
    await createAll(dir, layout.around);
  } catch (error) {
    await workspace.dispose();
    throw error;
  }
  return workspace;
}

let devicesAllowed: Promise<boolean> | undefined;

/** Whether this process may create device nodes (`mknod` needs `CAP_MKNOD`, in practice root), probed once. */
export function canCreateDevices(): Promise<boolean> {
  devicesAllowed ??= probeDevices();
  return devicesAllowed;
}

async function probeDevices(): Promise<boolean> {
  const probe = fs.mkdtempSync(path.join(os.tmpdir(), "read-conformance-mknod-"));
  try {
    await makeSpecialFiles([nullDevice(path.join(probe, "null"))]);
    return true;
  } catch {
    return false;
  } finally {
    fs.rmSync(probe, { recursive: true, force: true });
  }
}

/** A device entry's node: `/dev/null`'s numbers, a device that reads as empty. */
function nullDevice(target: string): SpecialFile {
  return { device: target, kind: "c", major: 1, minor: 3 };
}

async function createEntry(target: string, entry: FileEntry, expand: (text: string) => string): Promise<net.Server | undefined> {
  if ("bytes" in entry) writeRegular(target, entry.bytes);
  else if ("text" in entry) writeRegular(target, Buffer.from(entry.text.repeat(entry.repeat ?? 1), "utf8"));
  else if ("base64" in entry) writeRegular(target, Buffer.from(entry.base64, "base64"));
  else if ("directory" in entry) fs.mkdirSync(target, { recursive: true });
  else if ("symlink" in entry) fs.symlinkSync(expand(entry.symlink), target);
  else if ("hardlink" in entry) fs.linkSync(expand(entry.hardlink), target);
  else if ("fifo" in entry) await makeSpecialFiles([{ fifo: target }]);
  else if ("device" in entry) await makeSpecialFiles([nullDevice(target)]);
  else return listen(target);
  return undefined;
}

function writeRegular(target: string, bytes: Uint8Array): void {
  fs.writeFileSync(target, bytes);
  const mtime = new Date(FIXED_MTIME_MS);
  fs.utimesSync(target, mtime, mtime);
}

function listen(target: string): Promise<net.Server> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once("error", reject);
    server.listen(target, () => resolve(server));
  });
}

function replaceStrings(value: unknown, replace: (text: string) => string): unknown {
  if (typeof value === "string") return replace(value);
  if (Array.isArray(value)) return value.map((item) => replaceStrings(item, replace));
  if (typeof value === "object" && value !== null) {
    return Object.fromEntries(Object.entries(value).map(([key, item]) => [key, replaceStrings(item, replace)]));
  }
  return value;
}
