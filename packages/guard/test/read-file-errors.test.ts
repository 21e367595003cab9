import fs from "node:fs";
import net from "node:net";
import { describe, expect, test } from "vitest";
import { createTool, MAX_FILE_BYTES, readFile, createGuard, readFileErrorCode, type ReadFileResult } from "../src/index.js";
import { mapFailure } from "../src/map-failure.js";
import { coreFailure } from "@read/core";
import { scratch } from "./support/scratch.js";

const allow = async () => "allow" as const;

describe("spec 003 §5: size and text checks", () => {
  test("GUARD-9.20-1mb GUARD-5.3: exactly 1,048,576 bytes are read (with max_answer_bytes raised to hold them)", async () => {
    const s = scratch();
    s.write("ws/big.txt", "x".repeat(MAX_FILE_BYTES));
    const output = await createTool({ root: s.root, max_answer_bytes: 2 * MAX_FILE_BYTES }).call({ path: "big.txt" });
    expect(output).toEqual({ path: `${s.root}/big.txt`, content: "x".repeat(1_048_576), bytes_read: 1_048_576 });
  });

  test("issue 30 case 5: by default a file whose content would take more than 256 KiB as JSON is too large, saying what to do", async () => {
    const s = scratch();
    const refusal = (name: string) =>
      `file too large: "${s.root}/${name}" takes more than 262144 bytes as JSON, escapes counted, the most one answer holds (max_answer_bytes in [guard]); this tool returns whole files only, so read it with a tool that reads a range of lines, or have the user raise max_answer_bytes`;
    s.write("ws/plain.txt", "x".repeat(262_144));
    s.write("ws/over.txt", "x".repeat(262_145));
    // 43690 control characters take 262140 bytes as JSON (`\u0001` each), one more 262146.
    s.write("ws/ctl-fits.txt", "\u0001".repeat(43_690));
    s.write("ws/ctl-over.txt", "\u0001".repeat(43_691));
    const tool = createTool({ root: s.root });
    expect(await tool.call({ path: "plain.txt" })).toMatchObject({ bytes_read: 262_144 });
    expect(await tool.call({ path: "over.txt" })).toEqual({ error: refusal("over.txt") });
    expect(await tool.call({ path: "ctl-fits.txt" })).toEqual({ path: `${s.root}/ctl-fits.txt`, content: "\u0001".repeat(43_690), bytes_read: 43_690 });
    expect(await tool.call({ path: "ctl-over.txt" })).toEqual({ error: refusal("ctl-over.txt") });
  });

  test("GUARD-9.20-1mb GUARD-5.3 GUARD-6.4: 1,048,577 bytes are refused before reading", async () => {
    const s = scratch();
    s.write("ws/big.txt", "x".repeat(MAX_FILE_BYTES + 1));
    expect(await createTool({ root: s.root }).call({ path: "big.txt" })).toEqual({ error: `file too large: "${s.root}/big.txt" is 1048577 bytes (max 1048576)` });
  });

  test("GUARD-5.3: the size is checked before any text check (a large binary file is too large, not binary)", async () => {
    const s = scratch();
    s.write("ws/big.bin", Buffer.alloc(MAX_FILE_BYTES + 1));
    expect(await createTool({ root: s.root }).call({ path: "big.bin" })).toEqual({ error: `file too large: "${s.root}/big.bin" is 1048577 bytes (max 1048576)` });
  });

  test("GUARD-5.3: a file whose size says 0 is still read at most 1 MiB plus one byte (/proc/kallsyms, /proc a root of its own)", async () => {
    expect(fs.statSync("/proc/kallsyms").size).toBe(0);
    expect(await createTool({ root: "/proc", requester: allow }).call({ path: "kallsyms" })).toEqual({
      error: 'file too large: "/proc/kallsyms" grew past 1048576 bytes while it was read (max 1048576)',
    });
  });

  test("GUARD-9.20-binary GUARD-5.4 GUARD-6.7: a NUL byte anywhere is refused, even after the first megabyte's start", async () => {
    const s = scratch();
    s.write("ws/late-nul.txt", Buffer.concat([Buffer.from("a".repeat(1_000_000)), Buffer.from([0]), Buffer.from("tail\n")]));
    s.write("ws/image.png", Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0x00, 0x00]));
    const tool = createTool({ root: s.root, max_answer_bytes: 2 * MAX_FILE_BYTES });
    expect(await tool.call({ path: "late-nul.txt" })).toEqual({ error: `not a text file: "${s.root}/late-nul.txt" contains null bytes (likely binary)` });
    expect(await tool.call({ path: "image.png" })).toEqual({ error: `not a text file: "${s.root}/image.png" contains null bytes (likely binary)` });
  });

  test("GUARD-9.20-binary GUARD-5.4 GUARD-6.7: invalid UTF-8 is refused (a lone continuation byte, an overlong form, a surrogate)", async () => {
    const s = scratch();
    s.write("ws/latin1.txt", Buffer.from([0x63, 0x61, 0x66, 0xe9, 0x0a]));
    s.write("ws/overlong.txt", Buffer.from([0xc0, 0xaf]));
    s.write("ws/surrogate.txt", Buffer.from([0xed, 0xa0, 0x80]));
    const tool = createTool({ root: s.root });
    for (const name of ["latin1.txt", "overlong.txt", "surrogate.txt"]) {
      expect(await tool.call({ path: name })).toEqual({ error: `not a text file: "${s.root}/${name}" contains invalid UTF-8` });
    }
  });

  test("GUARD-5.4: an empty file is text", async () => {
    const s = scratch();
    s.write("ws/empty.txt", "");
    expect(await createTool({ root: s.root }).call({ path: "empty.txt" })).toEqual({ path: `${s.root}/empty.txt`, content: "", bytes_read: 0 });
  });

  test("GUARD-10.5 GUARD-6.7-kind: directories, FIFOs, sockets and devices are refused by their kind at once, never blocking", async () => {
    const s = scratch();
    s.mkdir("ws/docs");
    s.fifo("ws/pipe");
    const server = net.createServer();
    await new Promise<void>((resolve) => server.listen(`${s.root}/sock`, resolve));
    try {
      const tool = createTool({ root: s.root, requester: allow, default_blocked: false });
      expect(await tool.call({ path: "docs" })).toEqual({ error: `not a text file: "${s.root}/docs" is a directory` });
      expect(await tool.call({ path: "pipe" })).toEqual({ error: `not a text file: "${s.root}/pipe" is a fifo, not a regular file` });
      expect(await tool.call({ path: "sock" })).toEqual({ error: `not a text file: "${s.root}/sock" is a socket, not a regular file` });
      expect(await tool.call({ path: "/dev/zero" })).toEqual({ error: 'not a text file: "/dev/zero" is a character device, not a regular file' });
    } finally {
      server.close();
    }
  });

  test("GUARD-6.7-kind: /dev/tty is a character device, found without opening it (opening it without a controlling terminal fails as if it were a socket)", async () => {
    expect(fs.statSync("/dev/tty").isCharacterDevice()).toBe(true);
    const tool = createTool({ root: scratch().root, requester: allow, default_blocked: false });
    expect(await tool.call({ path: "/dev/tty" })).toEqual({ error: 'not a text file: "/dev/tty" is a character device, not a regular file' });
  });
});

describe("spec 003 §6: one error per category", () => {
  test("GUARD-6.1 GUARD-6.1-any-name: only a missing, empty or non-string path (or arguments that are no object) is invalid input", async () => {
    const tool = createTool({ root: scratch().root });
    const cases: [unknown, string][] = [
      [{}, "missing required 'path' parameter"],
      [{ path: undefined }, "missing required 'path' parameter"],
      [{ path: "" }, "path must be a non-empty string"],
      [{ path: 42 }, "path must be a non-empty string"],
      [{ path: null }, "path must be a non-empty string"],
      [{ path: ["a"] }, "path must be a non-empty string"],
      [{ path: true }, "path must be a non-empty string"],
      [null, "expected map[string]any, got <nil>"],
      ["notes.txt", "expected map[string]any, got string"],
      [7, "expected map[string]any, got float64"],
      [false, "expected map[string]any, got bool"],
      [[{ path: "a" }], "expected map[string]any, got []interface {}"],
      [{ path: "a\u0000b" }, "path must not contain a NUL byte"],
      [{ path: "a".repeat(4097) }, "path is 4097 characters long; at most 4096 are accepted"],
    ];
    for (const [input, why] of cases) {
      expect({ input, output: await tool.call(input) }).toEqual({ input, output: { error: `invalid input: ${why}` } });
    }
  });

  test("GUARD-6.1-any-name: any other string names a file: spaces only, a tab, a newline, bidi marks; echoed escaped", async () => {
    const s = scratch();
    const names = ["   ", "a\tb.txt", "line\nbreak.txt", "\u202etxt.exe", "x\u001b[2J.txt"];
    for (const name of names) s.write(`ws/${name}`, `${JSON.stringify(name)}\n`);
    const tool = createTool({ root: s.root });
    for (const name of names) {
      expect(await tool.call({ path: name })).toEqual({ path: `${s.root}/${name}`, content: `${JSON.stringify(name)}\n`, bytes_read: Buffer.byteLength(`${JSON.stringify(name)}\n`) });
    }
    expect(await tool.call({ path: "gone\t\u202e\n.txt" })).toEqual({ error: `not found: file "${s.root}/gone\\t\\u202e\\n.txt" does not exist` });
  });

  test("GUARD-9.20-missing GUARD-6.5: a missing file and a dangling symlink are not found, named as asked and made absolute", async () => {
    const s = scratch();
    s.symlink("ws/dangling", "nowhere.txt");
    const tool = createTool({ root: s.root });
    expect(await tool.call({ path: "nope/missing.txt" })).toEqual({ error: `not found: file "${s.root}/nope/missing.txt" does not exist` });
    expect(await tool.call({ path: "dangling" })).toEqual({ error: `not found: file "${s.root}/dangling" does not exist` });
  });

  test("GUARD-6.6: a file used as a directory is not accessible, not missing (security rule 4)", async () => {
    const s = scratch();
    s.write("ws/file.txt", "f\n");
    expect(await createTool({ root: s.root }).call({ path: "file.txt/x" })).toEqual({ error: `not accessible: stat "${s.root}/file.txt/x": not a directory` });
  });

  test("GUARD-6.5 GUARD-4.2-no-leak: a missing file outside the root is asked about first, then not found, named as asked", async () => {
    const s = scratch();
    const asked: string[] = [];
    const tool = createTool({
      root: s.root,
      requester: async (request) => {
        asked.push(request.resolvedPath);
        return "allow";
      },
    });
    expect(await tool.call({ path: "../outside/gone.txt" })).toEqual({ error: `not found: file "${s.outside}/gone.txt" does not exist` });
    expect(asked).toEqual([`${s.outside}/gone.txt`]);
  });

  test("GUARD-6.6: a symlink loop is an access error", async () => {
    const s = scratch();
    s.symlink("ws/a", "b");
    s.symlink("ws/b", "a");
    expect(await createTool({ root: s.root }).call({ path: "a" })).toEqual({ error: `not accessible: stat "${s.root}/a": too many levels of symbolic links` });
  });

  test("GUARD-6.8: any other read failure has its own error (OS errors, a swap during open, no descriptors left)", () => {
    expect(mapFailure(coreFailure({ code: "IO_ERROR", message: "x", path: "a.txt", osError: "EIO" }), "/w/a.txt", "open")).toEqual({
      error: 'read failed: open "/w/a.txt": input/output error; retry the read',
      code: "READ_FAILED",
    });
    expect(mapFailure(coreFailure({ code: "CHANGED_DURING_READ", message: "x", path: "a.txt", reason: "swapped" }), "/w/a.txt", "open")).toEqual({
      error: 'read failed: "/w/a.txt" changed while it was being opened; retry the read',
      code: "READ_FAILED",
    });
    expect(mapFailure(coreFailure({ code: "TOO_MANY_OPEN_FILES", message: "x", path: "a.txt", osError: "EMFILE" }), "/w/a.txt", "open")).toEqual({
      error: 'read failed: open "/w/a.txt": too many open files; retry the read',
      code: "READ_FAILED",
    });
  });

  test("GUARD-6.1 GUARD-6.2 GUARD-6.3 GUARD-6.4 GUARD-6.5 GUARD-6.6 GUARD-6.7 GUARD-6.8 GUARD-6-labels: the eight categories have distinct codes, and each message starts with its label", async () => {
    const s = scratch();
    s.write("ws/.env", "A=1\n");
    s.write("outside/o.txt", "o\n");
    s.write("ws/big.txt", "x".repeat(MAX_FILE_BYTES + 1));
    s.write("ws/bin", Buffer.from([0]));
    s.symlink("ws/loop", "loop");
    const guard = createGuard({ root: s.root });
    const deny = async () => "deny" as const;
    const results: ReadFileResult[] = [
      await readFile(guard, deny, { path: "" }),
      await readFile(guard, deny, { path: ".env" }),
      await readFile(guard, deny, { path: "../outside/o.txt" }),
      await readFile(guard, deny, { path: "big.txt" }),
      await readFile(guard, deny, { path: "missing" }),
      await readFile(guard, deny, { path: "loop" }),
      await readFile(guard, deny, { path: "bin" }),
      mapFailure(coreFailure({ code: "IO_ERROR", message: "x", path: "a", osError: "EIO" }), "/a", "open"),
    ];
    const codes = results.map((result) => ("code" in result ? result.code : "none"));
    expect(codes).toEqual(["INVALID_INPUT", "DENIED_BY_POLICY", "DENIED_BY_USER", "TOO_LARGE", "NOT_FOUND", "NOT_ACCESSIBLE", "NOT_TEXT", "READ_FAILED"]);
    expect(results.map((result) => ("error" in result ? result.error.slice(0, result.error.indexOf(":")) : ""))).toEqual([
      "invalid input",
      "permission denied by policy",
      "permission denied by user",
      "file too large",
      "not found",
      "not accessible",
      "not a text file",
      "read failed",
    ]);
    // The wire keeps the message only, and the label gives the code back.
    expect(results.map((result) => ("error" in result ? readFileErrorCode({ error: result.error }) : "none"))).toEqual(codes);
  });
});
