import fs from "node:fs";
import net from "node:net";
import path from "node:path";
import { describe, expect, test } from "vitest";
import {
  READ_FILE_ERROR_CODES,
  SIZE_LIMIT_BYTES,
  createTool,
  readFileErrorOutputSchema,
  readFileOutputSchema,
  type ReadFileResult,
} from "../src/index.js";
import { useSandbox } from "./sandbox.js";

const sandbox = useSandbox();

describe("JP-4.2: the output has exactly path, content, truncated, next_start_line, meta", () => {
  test("JP-4.2: a success has exactly the spec's keys, in the spec's order, and nothing else", async () => {
    sandbox().write("k.txt", "k\n");
    const output = await sandbox().call({ path: "k.txt" });
    expect(Object.keys(output)).toStrictEqual(["path", "content", "truncated", "next_start_line", "meta"]);
    expect("meta" in output && Object.keys(output.meta)).toStrictEqual(["byte_length", "line_count", "returned_line_count", "mtime_ms"]);
    expect(readFileOutputSchema.safeParse(output).success).toBe(true);
  });

  test("JP-4.2: an error has exactly { error: { code, message } }", async () => {
    const output = await sandbox().call({ path: "none" });
    expect(Object.keys(output)).toStrictEqual(["error"]);
    expect("error" in output && Object.keys(output.error)).toStrictEqual(["code", "message"]);
    expect(readFileErrorOutputSchema.safeParse(output).success).toBe(true);
    expect(readFileOutputSchema.safeParse(output).success).toBe(false);
  });

  test("JP-4.2: the output schemas reject an extra key", () => {
    const extra = { path: "a", content: "", truncated: false, next_start_line: null, meta: { byte_length: 0, line_count: 0, returned_line_count: 0, mtime_ms: 0 }, x: 1 };
    expect(readFileOutputSchema.safeParse(extra).success).toBe(false);
    expect(readFileErrorOutputSchema.safeParse({ error: { code: "INTERNAL", message: "m", path: "a" } }).success).toBe(false);
  });
});

describe("JP-4.3: errors use the spec's codes (plus OUTSIDE_WORKSPACE)", () => {
  test("JP-4.3: the closed set of codes", () => {
    expect(READ_FILE_ERROR_CODES).toStrictEqual([
      "INVALID_ARGUMENT",
      "NOT_FOUND",
      "NOT_FILE",
      "BINARY_NOT_SUPPORTED",
      "SIZE_LIMIT_EXCEEDED",
      "INTERNAL",
      "OUTSIDE_WORKSPACE",
      "POLICY_DENIED",
    ]);
  });

  test("JP-4.3: a FIFO and a socket are NOT_FILE (special files), without blocking", async () => {
    sandbox().fifo("fifo");
    const socketPath = path.join(sandbox().root, "sock");
    const server = net.createServer();
    await new Promise<void>((resolve) => server.listen(socketPath, resolve));
    try {
      expect(await sandbox().call({ path: "fifo" })).toStrictEqual({
        error: { code: "NOT_FILE", message: 'Cannot read "fifo": it is a special file (fifo), not a regular file.' },
      });
      expect(await sandbox().call({ path: "sock" })).toStrictEqual({
        error: { code: "NOT_FILE", message: 'Cannot read "sock": it is a special file (socket), not a regular file.' },
      });
    } finally {
      await new Promise<void>((resolve) => server.close(() => resolve()));
    }
  });

  test("JP-4.3: an operating-system read error is INTERNAL, with the path and the OS reason", async () => {
    // /proc/self/mem opens as a regular file, but reading at offset 0 fails with EIO.
    const tool = createTool({ root: "/proc/self" });
    expect(await tool.call({ path: "mem" })).toStrictEqual({
      error: { code: "INTERNAL", message: `Cannot read "mem": unexpected error (IO_ERROR): the file 'mem' could not be read (EIO).` },
    });
  });

  test("JP-4.3: a file whose size lies and that turns out larger than 1 MiB while read is SIZE_LIMIT_EXCEEDED", async () => {
    // /proc/kallsyms reports size 0 but holds megabytes: the limit is enforced on the bytes read, not on stat.
    expect(fs.statSync("/proc/kallsyms").size).toBe(0);
    expect(fs.readFileSync("/proc/kallsyms").length).toBeGreaterThan(SIZE_LIMIT_BYTES);
    expect(await createTool({ root: "/proc" }).call({ path: "kallsyms" })).toStrictEqual({
      error: {
        code: "SIZE_LIMIT_EXCEEDED",
        message: 'Cannot read "kallsyms": the file grew past the limit of 1048576 bytes (1 MiB) while it was read.',
      },
    });
  });

  test("JP-4.3: an unexpected exception becomes INTERNAL instead of a rejected call", async () => {
    const hostile = new Proxy(
      {},
      {
        get() {
          throw new Error("argument getter exploded");
        },
      },
    );
    expect(await sandbox().call(hostile)).toStrictEqual({
      error: { code: "INTERNAL", message: "Cannot read: unexpected error: argument getter exploded." },
    });
  });

  test("JP-4.3: every code the tool produces is in the closed set and the error schema", async () => {
    sandbox().mkdir("d");
    sandbox().write("b", Buffer.from([0]));
    sandbox().write("s", Buffer.alloc(SIZE_LIMIT_BYTES + 1, "s"));
    const outputs: ReadFileResult[] = [];
    for (const input of [{ path: 1 }, { path: "m" }, { path: "d" }, { path: "b" }, { path: "s" }, { path: "../o" }]) outputs.push(await sandbox().call(input));
    outputs.push(await createTool({ root: sandbox().root, secrets: true }).call({ path: ".env" }));
    expect(outputs.map((output) => ("error" in output ? output.error.code : "success"))).toStrictEqual([
      "INVALID_ARGUMENT",
      "NOT_FOUND",
      "NOT_FILE",
      "BINARY_NOT_SUPPORTED",
      "SIZE_LIMIT_EXCEEDED",
      "OUTSIDE_WORKSPACE",
      "POLICY_DENIED",
    ]);
    for (const output of outputs) expect(readFileErrorOutputSchema.parse(output)).toStrictEqual(output);
  });
});
