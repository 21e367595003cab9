import fs from "node:fs";
import net from "node:net";
import { describe, expect, test } from "vitest";
import { createTool, MAX_FILE_BYTES, type ReadFileOutput } from "../src/index.js";
import { mapFailure } from "../src/map-failure.js";
import { coreFailure } from "@read/core";
import { scratch } from "./support/scratch.js";

const allow = async () => "allow" as const;

describe("spec 003 §5: size and text checks", () => {
  test("GUARD-9.20-1mb GUARD-5.3: exactly 1,048,576 bytes are read", async () => {
    const s = scratch();
    s.write("ws/big.txt", "x".repeat(MAX_FILE_BYTES));
    const output = await createTool({ root: s.root }).call({ path: "big.txt" });
    expect(output).toEqual({ path: `${s.root}/big.txt`, content: "x".repeat(1_048_576), bytes_read: 1_048_576 });
  });

  test("GUARD-9.20-1mb GUARD-5.3 GUARD-6.4: 1,048,577 bytes are refused before reading", async () => {
    const s = scratch();
    s.write("ws/big.txt", "x".repeat(MAX_FILE_BYTES + 1));
    expect(await createTool({ root: s.root }).call({ path: "big.txt" })).toEqual({
      error: `File too large: '${s.root}/big.txt' is 1048577 bytes; read_file reads files of at most 1048576 bytes (1 MiB).`,
      code: "TOO_LARGE",
    });
  });

  test("GUARD-5.3: the size is checked before any text check (a large binary file is too large, not binary)", async () => {
    const s = scratch();
    s.write("ws/big.bin", Buffer.alloc(MAX_FILE_BYTES + 1));
    expect(await createTool({ root: s.root }).call({ path: "big.bin" })).toMatchObject({ code: "TOO_LARGE" });
  });

  test("GUARD-5.3: a file whose size says 0 is still read at most 1 MiB plus one byte (/proc/kallsyms)", async () => {
    const s = scratch();
    expect(fs.statSync("/proc/kallsyms").size).toBe(0);
    expect(await createTool({ root: s.root, requester: allow }).call({ path: "/proc/kallsyms" })).toEqual({
      error: "File too large: '/proc/kallsyms' grew past 1048576 bytes while it was read; read_file reads files of at most 1048576 bytes (1 MiB).",
      code: "TOO_LARGE",
    });
  });

  test("GUARD-9.20-binary GUARD-5.4 GUARD-6.7: a NUL byte anywhere is refused, even after the first megabyte's start", async () => {
    const s = scratch();
    s.write("ws/late-nul.txt", Buffer.concat([Buffer.from("a".repeat(1_000_000)), Buffer.from([0]), Buffer.from("tail\n")]));
    s.write("ws/image.png", Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0x00, 0x00]));
    const tool = createTool({ root: s.root });
    expect(await tool.call({ path: "late-nul.txt" })).toEqual({
      error: `Not a text file: '${s.root}/late-nul.txt' contains a NUL byte (at byte 1000000); read_file reads UTF-8 text only.`,
      code: "NOT_TEXT",
    });
    expect(await tool.call({ path: "image.png" })).toEqual({
      error: `Not a text file: '${s.root}/image.png' contains a NUL byte (at byte 8); read_file reads UTF-8 text only.`,
      code: "NOT_TEXT",
    });
  });

  test("GUARD-9.20-binary GUARD-5.4 GUARD-6.7: invalid UTF-8 is refused (a lone continuation byte, an overlong form, a surrogate)", async () => {
    const s = scratch();
    s.write("ws/latin1.txt", Buffer.from([0x63, 0x61, 0x66, 0xe9, 0x0a]));
    s.write("ws/overlong.txt", Buffer.from([0xc0, 0xaf]));
    s.write("ws/surrogate.txt", Buffer.from([0xed, 0xa0, 0x80]));
    const tool = createTool({ root: s.root });
    for (const name of ["latin1.txt", "overlong.txt", "surrogate.txt"]) {
      expect(await tool.call({ path: name })).toEqual({
        error: `Not a text file: '${s.root}/${name}' is not valid UTF-8; read_file reads UTF-8 text only.`,
        code: "NOT_TEXT",
      });
    }
  });

  test("GUARD-5.4: an empty file is text", async () => {
    const s = scratch();
    s.write("ws/empty.txt", "");
    expect(await createTool({ root: s.root }).call({ path: "empty.txt" })).toEqual({ path: `${s.root}/empty.txt`, content: "", bytes_read: 0 });
  });

  test("GUARD-10.5: directories, FIFOs, sockets and devices are refused at once as not text, never blocking", async () => {
    const s = scratch();
    s.mkdir("ws/docs");
    s.fifo("ws/pipe");
    const server = net.createServer();
    await new Promise<void>((resolve) => server.listen(`${s.root}/sock`, resolve));
    try {
      const tool = createTool({ root: s.root, requester: allow });
      expect(await tool.call({ path: "docs" })).toEqual({ error: `Not a text file: '${s.root}/docs' is a directory; read_file reads files only.`, code: "NOT_TEXT" });
      expect(await tool.call({ path: "pipe" })).toEqual({
        error: `Not a text file: '${s.root}/pipe' is a fifo, not a regular file; read_file reads regular files only.`,
        code: "NOT_TEXT",
      });
      expect(await tool.call({ path: "sock" })).toEqual({
        error: `Not a text file: '${s.root}/sock' is a socket, not a regular file; read_file reads regular files only.`,
        code: "NOT_TEXT",
      });
      expect(await tool.call({ path: "/dev/zero" })).toEqual({
        error: "Not a text file: '/dev/zero' is a character device, not a regular file; read_file reads regular files only.",
        code: "NOT_TEXT",
      });
    } finally {
      server.close();
    }
  });
});

describe("spec 003 §6: one error per category", () => {
  test("GUARD-6.1: missing, empty, non-string and malformed paths are invalid input", async () => {
    const tool = createTool({ root: scratch().root });
    const hint = 'Call read_file with {"path": "<file>"}, a path relative to the working directory or absolute.';
    const cases: [unknown, string][] = [
      [{}, "the 'path' argument is missing."],
      [{ path: "" }, "The path must not be empty."],
      [{ path: "   " }, "The path must not be empty."],
      [{ path: 42 }, "'path' must be a string, got a number."],
      [{ path: null }, "'path' must be a string, got null."],
      [{ path: ["a"] }, "'path' must be a string, got an array."],
      [null, "the arguments must be an object with a 'path' string."],
      ["notes.txt", "the arguments must be an object with a 'path' string."],
      [{ path: "a\u0000b" }, "The path contains a control character (U+0000)."],
      [{ path: "a\u202eb" }, "The path contains a control character (U+202E)."],
      [{ path: "a".repeat(4097) }, "The path is 4097 characters long; at most 4096 are accepted."],
      [{ path: "a.txt", other: 1, more: 2 }, "unknown arguments 'other', 'more'; read_file takes only 'path'."],
    ];
    for (const [input, why] of cases) {
      expect(await tool.call(input)).toEqual({ error: `Invalid input: ${why} ${hint}`, code: "INVALID_INPUT" });
    }
  });

  test("GUARD-9.20-missing GUARD-6.5: a missing file, a dangling symlink and a file used as a directory are not found", async () => {
    const s = scratch();
    s.write("ws/file.txt", "f\n");
    s.symlink("ws/dangling", "nowhere.txt");
    const tool = createTool({ root: s.root });
    expect(await tool.call({ path: "nope/missing.txt" })).toEqual({
      error: `File not found: 'nope/missing.txt' does not exist (it would be '${s.root}/nope/missing.txt'). Check the path; relative paths start at the working directory.`,
      code: "NOT_FOUND",
    });
    expect(await tool.call({ path: "dangling" })).toEqual({
      error: `File not found: 'dangling' is a symlink whose target '${s.root}/nowhere.txt' does not exist. Check the path; relative paths start at the working directory.`,
      code: "NOT_FOUND",
    });
    expect(await tool.call({ path: "file.txt/x" })).toEqual({
      error: `File not found: 'file.txt/x' uses a file as a directory ('${s.root}/file.txt/x'). Check the path; relative paths start at the working directory.`,
      code: "NOT_FOUND",
    });
  });

  test("GUARD-6.5: a missing file outside the root is asked about first, then not found", async () => {
    const s = scratch();
    const asked: string[] = [];
    const tool = createTool({
      root: s.root,
      requester: async (request) => {
        asked.push(request.resolvedPath);
        return "allow";
      },
    });
    expect(await tool.call({ path: "../outside/gone.txt" })).toEqual({
      error: `File not found: '../outside/gone.txt' does not exist (it would be '${s.outside}/gone.txt'). Check the path; relative paths start at the working directory.`,
      code: "NOT_FOUND",
    });
    expect(asked).toEqual([`${s.outside}/gone.txt`]);
  });

  test("GUARD-6.6: a symlink loop is an access error", async () => {
    const s = scratch();
    s.symlink("ws/a", "b");
    s.symlink("ws/b", "a");
    expect(await createTool({ root: s.root }).call({ path: "a" })).toEqual({
      error: "File not accessible: 'a' runs into a symlink loop (ELOOP).",
      code: "NOT_ACCESSIBLE",
    });
  });

  test("GUARD-6.8: any other read failure has its own error (OS errors, a swap during open, no descriptors left)", () => {
    const context = { asked: "a.txt", resolved: "/w/a.txt" };
    expect(mapFailure(coreFailure({ code: "IO_ERROR", message: "x", path: "a.txt", osError: "EIO" }), context)).toEqual({
      error: "Read failed: '/w/a.txt' could not be read (EIO). Retry the read.",
      code: "READ_FAILED",
    });
    expect(mapFailure(coreFailure({ code: "CHANGED_DURING_READ", message: "x", path: "a.txt", reason: "swapped" }), context)).toEqual({
      error: "Read failed: '/w/a.txt' changed while it was being opened. Retry the read.",
      code: "READ_FAILED",
    });
    expect(mapFailure(coreFailure({ code: "TOO_MANY_OPEN_FILES", message: "x", path: "a.txt", osError: "EMFILE" }), context)).toEqual({
      error: "Read failed: '/w/a.txt' could not be opened because too many files are open. Retry the read later.",
      code: "READ_FAILED",
    });
  });

  test("GUARD-6.1 GUARD-6.2 GUARD-6.3 GUARD-6.4 GUARD-6.5 GUARD-6.6 GUARD-6.7 GUARD-6.8: the eight categories have distinct codes and messages", async () => {
    const s = scratch();
    s.write("ws/.env", "A=1\n");
    s.write("outside/o.txt", "o\n");
    s.write("ws/big.txt", "x".repeat(MAX_FILE_BYTES + 1));
    s.write("ws/bin", Buffer.from([0]));
    s.symlink("ws/loop", "loop");
    const tool = createTool({ root: s.root, requester: async () => "deny" });
    const outputs: ReadFileOutput[] = [
      await tool.call({ path: "" }),
      await tool.call({ path: ".env" }),
      await tool.call({ path: "../outside/o.txt" }),
      await tool.call({ path: "big.txt" }),
      await tool.call({ path: "missing" }),
      await tool.call({ path: "loop" }),
      await tool.call({ path: "bin" }),
      mapFailure(coreFailure({ code: "IO_ERROR", message: "x", path: "a", osError: "EIO" }), { asked: "a", resolved: "/a" }),
    ];
    const codes = outputs.map((output) => ("code" in output ? output.code : "none"));
    expect(codes).toEqual(["INVALID_INPUT", "DENIED_BY_POLICY", "DENIED_BY_USER", "TOO_LARGE", "NOT_FOUND", "NOT_ACCESSIBLE", "NOT_TEXT", "READ_FAILED"]);
    const openings = outputs.map((output) => ("error" in output ? output.error.split(":")[0] : ""));
    expect(openings).toEqual([
      "Invalid input",
      "Permission denied by policy",
      "Permission denied by the user",
      "File too large",
      "File not found",
      "File not accessible",
      "Not a text file",
      "Read failed",
    ]);
  });
});
