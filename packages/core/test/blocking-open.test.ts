import { execFileSync } from "node:child_process";
import fs from "node:fs";
import net from "node:net";
import path from "node:path";
import { afterEach, describe, expect, test } from "vitest";
import { blockingOpensForTests } from "../src/open-file.js";
import { POOLED_CALLS_AT_ONCE } from "../src/pooled-call.js";
import { ASYNC_CHUNK_SIZE, SYNC_BYTES, clearLineIndexes, readTextWindow, type TextWindowOptions } from "../src/index.js";
import { mayWait, mountTypeOf, parseMountTable, typeMayWait } from "../src/waiting-file-systems.js";
import { connectWriter, readerClosed } from "./support/fifo-writer.js";
import { useTempDirs, valueOf, windowOptions, workspaceOf } from "./support/temp-workspace.js";

// A file on a FUSE or network mount can block in open() for as long as its server likes. Without such a
// mount, a FIFO opened without O_NONBLOCK blocks the same way until a writer comes: `blockingOpensForTests`
// sends its open down the path a waiting file system takes (the thread pool), without O_NONBLOCK.

const temp = useTempDirs();
const dir = temp.make();
const workspace = workspaceOf(dir);
const OPTIONS: TextWindowOptions = windowOptions({ from: "start", startLine: 1, maxLines: 10 });

const fifos: string[] = [];

/** A FIFO in the workspace whose open blocks on the thread pool until a writer opens it. */
function blockingFifo(name: string): string {
  const fifo = path.join(workspace.root, name);
  execFileSync("mkfifo", [fifo]);
  fifos.push(fifo);
  blockingOpensForTests.add(fifo);
  return fifo;
}

/** The descriptors of this process open on `file`. */
function descriptorsOn(file: string): string[] {
  return fs.readdirSync("/proc/self/fd").filter((fd) => {
    try {
      return fs.readlinkSync(`/proc/self/fd/${fd}`) === file;
    } catch {
      return false;
    }
  });
}

function settleState(read: Promise<unknown>): { settled: boolean; outcome?: { value?: unknown; error?: unknown } } {
  const state: { settled: boolean; outcome?: { value?: unknown; error?: unknown } } = { settled: false };
  read.then(
    (value) => Object.assign(state, { settled: true, outcome: { value } }),
    (error: unknown) => Object.assign(state, { settled: true, outcome: { error } }),
  );
  return state;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

// Test files share their worker's process: no open may stay pending on the pool after a test.
afterEach(() => {
  blockingOpensForTests.clear();
  for (const fifo of fifos.splice(0)) {
    const writer = connectWriter(fifo);
    if (writer !== undefined) fs.closeSync(writer);
  }
});

describe("issue 30 case 9: opens never hold the event loop", () => {
  test("issue 30 case 9: while an open blocks, a timer fires on time and the call answers once the open completes", async () => {
    const fifo = blockingFifo("pipe");
    const read = settleState(readTextWindow(workspace, "pipe", OPTIONS));
    const asked = performance.now();
    await sleep(20);
    const late = performance.now() - asked - 20;
    // A synchronous open would hold the loop until a writer came, which only this test can bring: the
    // timer would never fire. A generous bound for a busy machine.
    expect(late).toBeLessThan(200);
    expect(read.settled).toBe(false);
    const writer = connectWriter(fifo);
    expect(writer).toBeTypeOf("number");
    for (let i = 0; i < 200 && !read.settled; i++) await sleep(10);
    expect(read.outcome).toEqual({
      value: { ok: false, failure: { code: "NOT_REGULAR_FILE", message: "The path 'pipe' is not a regular file (it is a fifo).", path: "pipe", kind: "fifo" } },
    });
    expect(await readerClosed(writer as number)).toBe(true);
    expect(descriptorsOn(fifo)).toEqual([String(writer)]);
    fs.closeSync(writer as number);
  });

  test("issue 30 case 9: an aborted call settles with the caller's reason while its open is pending, and the descriptor is closed once the open completes", async () => {
    const fifo = blockingFifo("pipe-aborted");
    const controller = new AbortController();
    const read = settleState(readTextWindow(workspace, "pipe-aborted", { ...OPTIONS, signal: controller.signal }));
    await sleep(20);
    expect(read.settled).toBe(false);
    const reason = new Error("the caller gave up");
    controller.abort(reason);
    for (let i = 0; i < 100 && !read.settled; i++) await sleep(1);
    expect(read.outcome).toEqual({ error: reason });
    // The open is still pending in the kernel: a writer completes it, and what it opened is closed.
    const writer = connectWriter(fifo);
    expect(writer).toBeTypeOf("number");
    expect(await readerClosed(writer as number)).toBe(true);
    expect(descriptorsOn(fifo)).toEqual([String(writer)]);
    fs.closeSync(writer as number);
  });

  test(`issue 30 case 9: sixteen opens pending at once take at most ${POOLED_CALLS_AT_ONCE} threads of the pool, and a large read of another file still completes`, async () => {
    // A read past SYNC_BYTES reads asynchronously, on the pool: with all four of its threads held by opens
    // that never return, it would never complete.
    const LINES = 1_000_000;
    fs.writeFileSync(path.join(dir, "large.txt"), Array.from({ length: LINES }, (_, i) => `${String(i + 1).padStart(7, "0")}\n`).join(""));
    expect(fs.statSync(path.join(dir, "large.txt")).size).toBeGreaterThan(SYNC_BYTES + 2 * ASYNC_CHUNK_SIZE);
    const pending = Array.from({ length: 16 }, (_, i) => blockingFifo(`pipe-${i}`));
    const controllers = pending.map(() => new AbortController());
    const reads = pending.map((_, i) => settleState(readTextWindow(workspace, `pipe-${i}`, { ...OPTIONS, signal: controllers[i]?.signal })));
    await sleep(20);
    clearLineIndexes();
    const large = await readTextWindow(workspace, "large.txt", windowOptions({ from: "start", startLine: LINES - 1, maxLines: 5 }));
    expect(valueOf(large).window.lines.map((line) => line.text)).toEqual(["0999999", "1000000"]);
    expect(reads.filter((read) => read.settled)).toEqual([]);
    const reason = new Error("cancelled");
    for (const controller of controllers) controller.abort(reason);
    for (let i = 0; i < 100 && reads.some((read) => !read.settled); i++) await sleep(1);
    expect(reads.map((read) => read.outcome)).toEqual(pending.map(() => ({ error: reason })));
    // Only the opens that reached the pool have a reader waiting; the others were never started.
    const writers = pending.map(connectWriter);
    expect(writers.filter((writer) => writer !== undefined)).toHaveLength(POOLED_CALLS_AT_ONCE);
    for (const [i, writer] of writers.entries()) {
      if (writer === undefined) continue;
      expect(await readerClosed(writer)).toBe(true);
      expect(descriptorsOn(pending[i] as string)).toEqual([String(writer)]);
      fs.closeSync(writer);
    }
  });

  test("issue 30 case 9: a regular file on a file system whose calls may wait is opened and read on the pool, with the same answer, and closed", async () => {
    fs.writeFileSync(path.join(dir, "notes.txt"), "one\ntwo\nthree\n");
    const atOnce = await readTextWindow(workspace, "notes.txt", OPTIONS);
    blockingOpensForTests.add(path.join(workspace.root, "notes.txt"));
    await new Promise((resolve) => setImmediate(resolve));
    let turned = false;
    setImmediate(() => (turned = true));
    const pooled = await readTextWindow(workspace, "notes.txt", OPTIONS);
    expect(turned).toBe(true);
    expect(pooled).toEqual(atOnce);
    expect(valueOf(pooled).window.lines.map((line) => line.text)).toEqual(["one", "two", "three"]);
    for (let i = 0; i < 100 && descriptorsOn(path.join(workspace.root, "notes.txt")).length > 0; i++) await sleep(5);
    expect(descriptorsOn(path.join(workspace.root, "notes.txt"))).toEqual([]);
  });
});

describe("issue 30 case 9: every call of an open on a file system that may wait takes the pool, with the answers made at once", () => {
  test("issue 30 case 9: statFirst's lstat: a directory and a file over the limit fail by kind and size before any open, a file within it reads", async () => {
    fs.mkdirSync(path.join(dir, "stat-first"), { recursive: true });
    fs.writeFileSync(path.join(dir, "stat-first", "big.txt"), "x".repeat(100));
    fs.writeFileSync(path.join(dir, "stat-first", "ok.txt"), "fine\n");
    const statFirst = { ...OPTIONS, statFirst: true, maxFileBytes: 10 };
    const names = ["stat-first", "stat-first/big.txt", "stat-first/ok.txt"];
    const atOnce = await Promise.all(names.map((name) => readTextWindow(workspace, name, statFirst)));
    for (const name of names) blockingOpensForTests.add(path.join(workspace.root, name));
    const pooled = await Promise.all(names.map((name) => readTextWindow(workspace, name, statFirst)));
    expect(pooled).toEqual(atOnce);
    expect(pooled.map((result) => (result.ok ? result.value.window.lines.map((line) => line.text) : result.failure.code))).toEqual(["IS_DIRECTORY", "TOO_LARGE", ["fine"]]);
  });

  test("issue 30 case 9: a socket, which open refuses with ENXIO, is named by its kind from an lstat on the pool", async () => {
    const socket = path.join(workspace.root, "s.sock");
    const server = net.createServer().listen(socket);
    await new Promise((resolve) => server.once("listening", resolve));
    try {
      blockingOpensForTests.add(socket);
      expect(await readTextWindow(workspace, "s.sock", OPTIONS)).toEqual({
        ok: false,
        failure: { code: "NOT_REGULAR_FILE", message: "The path 's.sock' is not a regular file (it is a socket).", path: "s.sock", kind: "socket" },
      });
    } finally {
      await new Promise((resolve) => server.close(resolve));
    }
  });
});

describe("which file systems may wait: the mount table", () => {
  const TABLE = [
    "22 27 0:21 / /proc rw,relatime - proc proc rw",
    "27 1 254:0 / / rw,relatime - ext4 /dev/vda rw",
    "40 27 0:40 / /home/ann/remote\\040dir rw,nosuid - fuse.sshfs ann@host:/srv rw,user_id=1000",
    "41 27 0:41 / /mnt/nas rw - nfs4 nas:/export rw",
    "42 41 0:42 / /mnt/nas/cache rw - tmpfs tmpfs rw",
    "43 27 0:43 / /srv rw - ext4 /dev/vdb rw",
    "44 43 0:44 / /srv rw - fuse.rclone remote: rw",
    "",
  ].join("\n");
  const mounts = parseMountTable(TABLE);

  test("the deepest mount point holding a path decides, on path components; of two on one point, the later", () => {
    const cases = ["/etc/hostname", "/home/ann/remote dir/a.txt", "/home/ann/remote dir", "/home/ann/remote", "/mnt/nas/x", "/mnt/nas/cache/y", "/mnt/nasty", "/srv/a", "/proc/self/status"];
    expect(Object.fromEntries(cases.map((file) => [file, mountTypeOf(mounts, file)]))).toEqual({
      "/etc/hostname": "ext4",
      "/home/ann/remote dir/a.txt": "fuse.sshfs",
      "/home/ann/remote dir": "fuse.sshfs",
      "/home/ann/remote": "ext4",
      "/mnt/nas/x": "nfs4",
      "/mnt/nas/cache/y": "tmpfs",
      "/mnt/nasty": "ext4",
      "/srv/a": "fuse.rclone",
      "/proc/self/status": "proc",
    });
  });

  test("FUSE, network and unknown file systems may wait; kernel-local ones never do", () => {
    const types = ["ext4", "xfs", "btrfs", "tmpfs", "overlay", "proc", "fuse.sshfs", "fuseblk", "virtiofs", "nfs", "nfs4", "cifs", "smb3", "9p", "ceph", "autofs", "something-new"];
    expect(types.filter(typeMayWait)).toEqual(["fuse.sshfs", "fuseblk", "virtiofs", "nfs", "nfs4", "cifs", "smb3", "9p", "ceph", "autofs", "something-new"]);
    expect(typeMayWait(undefined)).toBe(true);
  });

  test("this process's own table: procfs is kernel-local, and the test root is on the file system the table names", () => {
    const own = parseMountTable(fs.readFileSync("/proc/self/mountinfo", "utf8"));
    expect(mayWait("/proc/self/status")).toBe(false);
    expect(mayWait(workspace.root)).toBe(typeMayWait(mountTypeOf(own, workspace.root)));
  });
});
