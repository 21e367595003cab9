import fs from "node:fs";
import path from "node:path";
import { describe, expect, test } from "vitest";
import { createTool, maskTime } from "../src/index.js";
import { WARNING, asRead } from "./outputs.js";
import { FIXED_MTIME_MS, makeWorkspace } from "./workspace.js";

describe("§5.3 encoding", () => {
  test("ENV-5.3: invalid UTF-8 falls back to replacement: partial, fallback_encoding 'replace', encoding 'utf-8 (replace)', and a warning line", async () => {
    const ws = makeWorkspace();
    // "ok", a truncated euro sign, a lone continuation byte, then valid "é".
    ws.write("mixed.txt", Buffer.from([0x6f, 0x6b, 0x0a, 0xe2, 0x82, 0x0a, 0x80, 0x0a, 0xc3, 0xa9, 0x0a]));
    expect(maskTime(await createTool({ root: ws.root }).call({ path: "mixed.txt" }))).toEqual({
      status: "partial",
      data: { content: "   1 | ok\n   2 | \uFFFD\n   3 | \uFFFD\n   4 | é\n", truncated: false, fallback_encoding: "replace" },
      text: `Read 4 lines from 'mixed.txt' (Lines 1-4).\n(Took 0ms)\n${WARNING}`,
      stats: { time_ms: 0, lines_read: 4, chars_read: 37, total_lines: 4, file_size_bytes: 11, file_mtime_ms: FIXED_MTIME_MS, encoding: "utf-8 (replace)" },
      context: { cwd: ".", params_input: { path: "mixed.txt" }, path_resolved: "mixed.txt" },
    });
  });

  test("ENV-5.3 ENV-ref-fallback: the fallback is decided per file, as MyCodeAgent decides it (it decodes the whole file strictly, then falls back): every page of a file with invalid bytes anywhere is partial", async () => {
    const ws = makeWorkspace();
    ws.write("later.txt", Buffer.concat([Buffer.from("a\nb\n"), Buffer.from([0xff, 0x0a])]));
    ws.write("earlier.txt", Buffer.concat([Buffer.from([0xc3, 0x0a]), Buffer.from("c\nd\n")]));
    const tool = createTool({ root: ws.root });
    expect(maskTime(await tool.call({ path: "later.txt", limit: 1 }))).toMatchObject({
      status: "partial",
      data: { content: "   1 | a\n", truncated: true, fallback_encoding: "replace" },
      text: `Read 1 lines from 'later.txt' (Lines 1-1).\n(Took 0ms)\n[Truncated: Showing first 1 of 3 lines. Use start_line=2 to continue.]\n${WARNING}`,
      stats: { encoding: "utf-8 (replace)" },
    });
    expect(maskTime(await tool.call({ path: "earlier.txt", start_line: 2 }))).toMatchObject({
      status: "partial",
      data: { content: "   2 | c\n   3 | d\n", truncated: false, fallback_encoding: "replace" },
      text: `Read 2 lines from 'earlier.txt' (Lines 2-3).\n(Took 0ms)\n${WARNING}`,
      stats: { encoding: "utf-8 (replace)" },
    });
  });

  test("ENV-5.3: a truncated page that also fell back is partial with both the Truncated line and fallback_encoding", async () => {
    const ws = makeWorkspace();
    ws.write("both.txt", Buffer.from([0xfe, 0x0a, 0x62, 0x0a]));
    expect(maskTime(await createTool({ root: ws.root }).call({ path: "both.txt", limit: 1 }))).toMatchObject({
      status: "partial",
      data: { content: "   1 | \uFFFD\n", truncated: true, fallback_encoding: "replace" },
      text: `Read 1 lines from 'both.txt' (Lines 1-1).\n(Took 0ms)\n[Truncated: Showing first 1 of 2 lines. Use start_line=2 to continue.]\n${WARNING}`,
    });
  });

  test("ENV-5.3: a UTF-8 byte order mark is kept as U+FEFF at the start of line 1, as Python's utf-8 codec keeps it", async () => {
    const ws = makeWorkspace();
    ws.write("bom.txt", Buffer.from([0xef, 0xbb, 0xbf, 0x78, 0x0a]));
    const output = asRead(await createTool({ root: ws.root }).call({ path: "bom.txt" }));
    expect(output.status).toBe("success");
    expect(output.data.content).toBe("   1 | \uFEFFx\n");
    expect(output.stats.chars_read).toBe(10);
  });
});

describe("§5.5 path normalisation", () => {
  test("ENV-5.5 ENV-ref-spelling: path_resolved is the normalised POSIX path relative to the root, whatever the spelling, and the text names it so (MyCodeAgent's rel_path)", async () => {
    const ws = makeWorkspace();
    ws.write("src/a.py", "a\n");
    const tool = createTool({ root: ws.root });
    for (const spelling of ["src/a.py", "./src/a.py", "src/./a.py", "src//a.py", "src/../src/a.py", "src/a.py/", "missing/../src/a.py", path.join(ws.root, "src/a.py")]) {
      const output = asRead(await tool.call({ path: spelling }));
      expect(output.context.path_resolved).toBe("src/a.py");
      expect(output.text.split("\n")[0]).toBe("Read 1 lines from 'src/a.py' (Lines 1-1).");
    }
  });

  test("ENV-5.5 ENV-ref-spelling: the spelling is cleaned before the kernel resolves it, as MyCodeAgent's Path.resolve does: '..' after a missing directory, a trailing slash; containment is still decided on the kernel's answer", async () => {
    const ws = makeWorkspace();
    ws.write("f.txt", "f\n");
    ws.writeOutside("secret.txt", "s\n");
    ws.symlink("out", "../outside");
    const tool = createTool({ root: ws.root });
    expect(asRead(await tool.call({ path: "nowhere/../f.txt" })).data.content).toBe("   1 | f\n");
    expect(asRead(await tool.call({ path: "f.txt/" })).data.content).toBe("   1 | f\n");
    expect(maskTime(await tool.call({ path: "out/secret.txt" }))).toMatchObject({ error: { code: "ACCESS_DENIED" }, context: { cwd: "." } });
    expect(maskTime(await tool.call({ path: "out/../out/secret.txt" }))).toMatchObject({ error: { code: "ACCESS_DENIED" } });
    expect("path_resolved" in maskTime(await tool.call({ path: "out/missing.txt" })).context).toBe(false);
  });

  test("ENV-5.5: symlinks inside the root are resolved to their target", async () => {
    const ws = makeWorkspace();
    ws.write("src/a.py", "a\n");
    ws.symlink("alias.py", "src/a.py");
    ws.symlink("lib", "src");
    ws.symlink("sub/up", "../..");
    const tool = createTool({ root: ws.root });
    expect(asRead(await tool.call({ path: "alias.py" })).context.path_resolved).toBe("src/a.py");
    expect(asRead(await tool.call({ path: "lib/a.py" })).context.path_resolved).toBe("src/a.py");
    // Out through a link and back in: inside is decided on where the path lands.
    expect(asRead(await tool.call({ path: "sub/up/ws/src/a.py" })).context.path_resolved).toBe("src/a.py");
  });

  test("ENV-5.5: a root reached through a symlink is canonicalised once; paths through either spelling are inside", async () => {
    const ws = makeWorkspace();
    ws.write("src/a.py", "a\n");
    const alias = path.join(path.dirname(ws.root), "alias");
    fs.symlinkSync(ws.root, alias);
    const tool = createTool({ root: alias });
    expect(asRead(await tool.call({ path: path.join(alias, "src/a.py") })).context.path_resolved).toBe("src/a.py");
    expect(asRead(await tool.call({ path: path.join(ws.root, "src/a.py") })).context.path_resolved).toBe("src/a.py");
  });
});
