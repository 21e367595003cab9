import fs from "node:fs";
import path from "node:path";
import { describe, expect, test } from "vitest";
import { DEFAULT_SECRET_SCANNER, DEFAULT_SENSITIVE_RULES, redactTextSteps, settleSteps, type SecretScanner } from "../src/index.js";
import { ORDINARY_TEXT, PEM_KEY, SECRET_FAMILIES } from "./support/secret-samples.js";
import { read, useTempDirs, valueOf, workspaceOf, writeFiles } from "./support/temp-workspace.js";

const temp = useTempDirs();
const WHOLE = { from: "start", startLine: 1, maxLines: null } as const;
const redact = DEFAULT_SECRET_SCANNER;

describe("issue 30 case 6: a secret pasted into an innocently named file is redacted", () => {
  const dir = temp.make();
  writeFiles(dir, Object.fromEntries(SECRET_FAMILIES.flatMap(({ family, text, nearMiss }) => [[`${family}.txt`, text], [`${family}-near-miss.txt`, nearMiss]])));
  const workspace = workspaceOf(dir);

  test.each(SECRET_FAMILIES)("$family: the secret is redacted, its line kept", async ({ family, redacted }) => {
    const { window } = valueOf(await read(workspace, `${family}.txt`, WHOLE, { redact }));
    expect(window.text).toBe(redacted);
    expect(window.lines.map((line) => line.text + line.terminator).join("")).toBe(redacted);
  });

  test.each(SECRET_FAMILIES)("$family: a near miss reads as it is", async ({ family, nearMiss }) => {
    const { window } = valueOf(await read(workspace, `${family}-near-miss.txt`, WHOLE, { redact }));
    expect(window.text).toBe(nearMiss);
  });
});

describe("issue 30 case 6: redaction keeps the window as it was read", () => {
  const dir = temp.make();
  writeFiles(dir, {
    "ordinary.ts": ORDINARY_TEXT,
    "notes.txt": `first\n${PEM_KEY}last\n`,
    "crlf.txt": "a\r\ntoken: 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\r\nb\r\n",
    "two.txt": "x = AKIA2E0A8F3B244C9986 y = AKIA3F0A8F3B244C9987\n",
  });
  const workspace = workspaceOf(dir);

  test("ordinary code (process.env.API_KEY, a comment with -----BEGIN) is the very window read without the check", async () => {
    const plain = valueOf(await read(workspace, "ordinary.ts", WHOLE));
    const checked = valueOf(await read(workspace, "ordinary.ts", WHOLE, { redact }));
    expect(checked.window).toEqual(plain.window);
    expect(checked.window.text).toBe(ORDINARY_TEXT);
  });

  test("a key block keeps its line numbers: every line of it is a marker, the lines around it are as they are", async () => {
    const { window } = valueOf(await read(workspace, "notes.txt", WHOLE, { redact }));
    expect(window.lines.map((line) => [line.number, line.text])).toEqual([
      [1, "first"],
      [2, "[REDACTED private-key]"],
      [3, "[REDACTED private-key]"],
      [4, "[REDACTED private-key]"],
      [5, "[REDACTED private-key]"],
      [6, "[REDACTED private-key]"],
      [7, "last"],
    ]);
    expect(window.totalLines).toBe(7);
  });

  test("a window that starts inside a key block redacts the key lines it holds, up to the footer", async () => {
    const { window } = valueOf(await read(workspace, "notes.txt", { from: "start", startLine: 4, maxLines: 4 }, { redact }));
    expect(window.text).toBe("[REDACTED private-key]\n[REDACTED private-key]\n[REDACTED private-key]\nlast\n");
  });

  test("a window that ends inside a key block redacts from the header on", async () => {
    const { window } = valueOf(await read(workspace, "notes.txt", { from: "start", startLine: 1, maxLines: 3 }, { redact }));
    expect(window.text).toBe("first\n[REDACTED private-key]\n[REDACTED private-key]\n");
  });

  test("a tail is checked as a forward window is", async () => {
    const { window } = valueOf(await read(workspace, "crlf.txt", { from: "end", lines: 2 }, { redact }));
    expect(window.lines).toEqual([
      { number: 2, text: "token: [REDACTED github-token]", terminator: "\r\n" },
      { number: 3, text: "b", terminator: "\r\n" },
    ]);
    expect(window.text).toBe("token: [REDACTED github-token]\r\nb\r\n");
  });

  test("two secrets on one line are each redacted", async () => {
    const { window } = valueOf(await read(workspace, "two.txt", WHOLE, { redact }));
    expect(window.text).toBe("x = [REDACTED aws-access-key-id] y = [REDACTED aws-access-key-id]\n");
  });

  test("a scanner that throws fails the read: a check that could not finish never lets the text through", async () => {
    const broken: SecretScanner = {
      scan: () => {
        throw new Error("scanner broke");
      },
    };
    const result = await read(workspace, "ordinary.ts", WHOLE, { redact: broken });
    expect(result).toMatchObject({ ok: false, failure: { code: "IO_ERROR" } });
    expect(result.ok ? "" : result.failure.message).toContain("scanner broke");
  });

  test("only the returned window is scanned, never the rest of the file", async () => {
    const scanned: string[] = [];
    const spy: SecretScanner = { scan: (text) => (scanned.push(text), []) };
    valueOf(await read(workspace, "notes.txt", { from: "start", startLine: 7, maxLines: 1 }, { redact: spy }));
    expect(scanned).toEqual(["last\n"]);
  });
});

describe("redactTextSteps: text read whole (the guard's)", () => {
  test("line ends kept, the text as it is when nothing is found", async () => {
    const text = `a\r\n${PEM_KEY}b`;
    expect(await settleSteps(redactTextSteps(text, redact, "/w/notes.txt"))).toBe(`a\r\n${"[REDACTED private-key]\n".repeat(5)}b`);
    expect(await settleSteps(redactTextSteps(ORDINARY_TEXT, redact, "/w/a.ts"))).toBe(ORDINARY_TEXT);
  });

  test("a service account key (JSON) is redacted whole", async () => {
    const json = `${JSON.stringify({ type: "service_account", private_key_id: "abc", private_key: PEM_KEY }, null, 2)}\n`;
    const redacted = await settleSteps(redactTextSteps(json, redact, "/w/project-123.json"));
    expect(redacted).toBe("[REDACTED private-key-json]\n".repeat(json.split("\n").length - 1));
  });
});

function readTextWindowIn(root: string, name: string) {
  return read(workspaceOf(root), name, WHOLE, { sensitive: DEFAULT_SENSITIVE_RULES, redact });
}

describe("issue 30 case 6: a hard link to a refused name is refused", () => {
  const dir = temp.make();
  writeFiles(dir, { ".env": "SECRET=1\n", "sub/id_rsa": "key\n", "plain.txt": "plain\n", "other.txt": "other\n" });
  fs.linkSync(path.join(dir, ".env"), path.join(dir, "notes.txt"));
  fs.linkSync(path.join(dir, "sub/id_rsa"), path.join(dir, "sub/readme.txt"));
  fs.mkdirSync(path.join(dir, "deep"));
  fs.linkSync(path.join(dir, "sub/id_rsa"), path.join(dir, "deep/far.txt"));
  fs.linkSync(path.join(dir, "plain.txt"), path.join(dir, "sub/plain-link.txt"));
  const workspace = workspaceOf(dir);
  const sensitive = DEFAULT_SENSITIVE_RULES;

  test("a link beside the secret (ln .env notes.txt) is refused, naming the rule of the name it links to", async () => {
    expect(await read(workspace, "notes.txt", WHOLE, { sensitive })).toEqual({
      ok: false,
      failure: {
        code: "SENSITIVE",
        message: "The path 'notes.txt' is sensitive: a hard link to an environment file (.env, .env.*).",
        path: "notes.txt",
        rule: "env-file",
        description: "a hard link to an environment file (.env, .env.*)",
        hardLink: true,
      },
    });
  });

  test("a link in the secret's directory is refused", async () => {
    expect(await read(workspace, "sub/readme.txt", WHOLE, { sensitive })).toMatchObject({ ok: false, failure: { code: "SENSITIVE", rule: "ssh-private-key" } });
  });

  test("a link to an ordinary file reads (pnpm's node_modules are hard links)", async () => {
    expect(valueOf(await read(workspace, "sub/plain-link.txt", WHOLE, { sensitive })).window.text).toBe("plain\n");
  });

  test("a pnpm layout (files hard-linked from a store, beside a root that holds .env) reads with the policy on", async () => {
    const base = temp.make();
    writeFiles(base, { "store/index.js": "export {};\n", "ws/.env": "SECRET=1\n" });
    const installed = path.join(base, "ws/node_modules/.pnpm/pkg@1.0.0/node_modules/pkg/index.js");
    fs.mkdirSync(path.dirname(installed), { recursive: true });
    fs.linkSync(path.join(base, "store/index.js"), installed);
    const read = valueOf(await readTextWindowIn(path.join(base, "ws"), "node_modules/.pnpm/pkg@1.0.0/node_modules/pkg/index.js"));
    expect(read.window.text).toBe("export {};\n");
  });

  test("without the policy a link reads as it always did", async () => {
    expect(valueOf(await read(workspace, "notes.txt", WHOLE)).window.text).toBe("SECRET=1\n");
  });

  test("documented limit: a link in another directory than the secret's and the root's is not found", async () => {
    // deep/far.txt links to sub/id_rsa: neither deep/ nor the root holds a sensitive name of it.
    expect(valueOf(await read(workspace, "deep/far.txt", WHOLE, { sensitive })).window.text).toBe("key\n");
  });
});
