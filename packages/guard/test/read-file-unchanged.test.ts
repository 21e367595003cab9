import crypto from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { expect, test } from "vitest";
import { createTool } from "../src/index.js";
import { scratch } from "./support/scratch.js";
// @ts-expect-error: a plain ES module script without type declarations (an earlier build records with it).
import { VARIED_CONFIGS, variedFiles } from "./support/varied-files.mjs";

// What the guard answered for each file and configuration at aaaa995, before whole-file reads priced the
// answer with SIMD and looked for secret keywords in the file's bytes: the SHA-256 of the output as JSON,
// the root written `<root>`, and its start to read. Recorded by running the same files through that
// commit's build.
const golden = JSON.parse(fs.readFileSync(path.join(import.meta.dirname, "read-file-unchanged.golden.json"), "utf8")) as Record<string, { sha256: string; start: string }>;

test("whole-file reads answer byte for byte as before (aaaa995): CRLF, lone CR, long lines, escapes, BOM, invalid and cut UTF-8, NUL, secrets, every size bound", { timeout: 600_000 }, async () => {
  const s = scratch();
  const files = variedFiles() as Record<string, Buffer>;
  for (const [name, bytes] of Object.entries(files)) s.write(`ws/${name}`, bytes);
  const answered: Record<string, { sha256: string; start: string }> = {};
  for (const [label, config] of Object.entries(VARIED_CONFIGS as Record<string, Record<string, unknown>>)) {
    const tool = createTool({ root: s.root, requester: async () => "allow", ...config });
    for (const name of Object.keys(files)) {
      const json = JSON.stringify(await tool.call({ path: name })).replaceAll(s.root, "<root>");
      answered[`${label} | ${name}`] = { sha256: crypto.createHash("sha256").update(json).digest("hex"), start: json.slice(0, 90) };
    }
  }
  expect(answered).toEqual(golden);
  // The files reach every outcome: read whole, too large for the answer or the file bound, not text.
  const starts = Object.values(golden).map(({ start }) => start);
  for (const outcome of ['"content"', "takes more than 262144 bytes as JSON", "is 1048577 bytes", "contains invalid UTF-8", "contains null bytes"]) {
    expect(starts.some((start) => start.includes(outcome)), outcome).toBe(true);
  }
  // And secrets are redacted, past the SIMD pieces' edges too.
  const tool = createTool({ root: s.root, requester: async () => "allow" });
  for (const name of ["aws-key.txt", "github-token-100k.txt", "token-at-32k.txt", "token-at-64k.txt"]) {
    expect(await tool.call({ path: name }), name).toMatchObject({ content: expect.stringContaining("[REDACTED ") });
  }
});
