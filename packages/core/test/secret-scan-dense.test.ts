import { describe, expect, test } from "vitest";
import { scanSecrets } from "../src/secret-formats.js";

const GITHUB = "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";
const SLACK = "xoxb-123456789012-1234567890123-AbCdEfGhIjKlMnOpQrStUvWx";

describe("a text dense with secret shapes is scanned a group of lines at a time (secretlint's duplicate check is quadratic in its findings)", () => {
  test("128 KiB of short Slack token shapes, 200 a line, scan in a bounded time (lintSource alone took 4 s; a 240 KiB page 156 s)", async () => {
    const text = `${"xoxb-a-b ".repeat(200)}\n`.repeat(73);
    const started = performance.now();
    await scanSecrets(text, "notes.txt");
    expect(performance.now() - started).toBeLessThan(1_500);
  });

  test("300 lines of real tokens, more keywords than one scan takes: every token is found, where scanning each line alone finds it", async () => {
    const lines = Array.from({ length: 300 }, (_, index) => (index % 2 === 0 ? `token: ${GITHUB}` : `SLACK=${SLACK}`));
    const text = `${lines.join("\n")}\n`;
    const expected: { start: number; end: number; kind: string }[] = [];
    let offset = 0;
    for (const line of lines) {
      for (const finding of await scanSecrets(line, "notes.txt")) expected.push({ ...finding, start: finding.start + offset, end: finding.end + offset });
      offset += line.length + 1;
    }
    expect(expected).toHaveLength(300);
    expect(await scanSecrets(text, "notes.txt")).toEqual(expected);
  });

  test("a line holding more keywords than one scan takes is redacted whole; the lines around it are scanned", async () => {
    const dense = "xoxb-a ".repeat(300);
    const text = `token: ${GITHUB}\r\n${dense}\r\n${"ok\n".repeat(300)}SLACK=${SLACK}\n`;
    const denseStart = `token: ${GITHUB}\r\n`.length;
    const found = await scanSecrets(text, "notes.txt");
    expect(found.map((finding) => [text.slice(finding.start, finding.end), finding.kind])).toEqual([
      [GITHUB, "github-token"],
      [dense, "dense-secrets"],
      [SLACK, "slack-token"],
    ]);
    expect(found[1]).toMatchObject({ start: denseStart, end: denseStart + dense.length });
  });
});
