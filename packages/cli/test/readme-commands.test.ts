import { spawnSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { describe, expect, test } from "vitest";

const repo = path.resolve(import.meta.dirname, "..", "..", "..");
const readme = fs.readFileSync(path.join(repo, "README.md"), "utf8");
const pnpmVersion = (JSON.parse(fs.readFileSync(path.join(repo, "package.json"), "utf8")) as { packageManager: string }).packageManager.split("@")[1];

/** The lines of the sh block that follows `marker` in the root README. */
function blockAfter(marker: string): string[] {
  const from = readme.indexOf(marker);
  expect(from).toBeGreaterThan(-1);
  const block = /```sh\n([\s\S]*?)```/.exec(readme.slice(from))?.[1] ?? "";
  return block.split("\n").filter((line) => line.trim() !== "");
}

describe("the root README, on a machine with only Node.js and npm", () => {
  test("the commands after the set-up run without a global pnpm, as written", () => {
    const lines = blockAfter("After that, from the repository root");
    expect(lines.length).toBeGreaterThan(0);
    // Only Node's own directory and the system's on PATH: no pnpm, no node_modules/.bin.
    const env = { ...process.env, PATH: [path.dirname(process.execPath), "/usr/bin", "/bin"].join(path.delimiter) };
    for (const line of lines) {
      expect(line).toMatch(/^node packages\/cli\/bin\/read-tool\.js /);
      const run = spawnSync("bash", ["-c", line], { cwd: repo, env, encoding: "utf8", timeout: 60_000 });
      expect({ line, status: run.status, stderr: run.stderr }).toEqual({ line, status: 0, stderr: "" });
    }
  });

  test("every pnpm its fresh-machine section asks for is the project's own version through npx, and the test suite says how long it takes", () => {
    const start = readme.indexOf("## Try it on a fresh machine");
    const section = readme.slice(start, readme.indexOf("\n## ", start + 1));
    const uses = [...section.matchAll(/\bpnpm(@[\w.]+)? (install|demo|check|exec|build)\b/g)];
    expect(uses.length).toBeGreaterThanOrEqual(3);
    for (const use of uses) {
      expect(section.slice(Math.max(0, (use.index ?? 0) - 7), use.index)).toBe("npx -y ");
      expect(use[1]).toBe(`@${pnpmVersion}`);
    }
    const suite = section.indexOf(`npx -y pnpm@${pnpmVersion} check`);
    expect(suite).toBeGreaterThan(-1);
    expect(section.slice(Math.max(0, suite - 300), suite)).toMatch(/takes (about )?\d+( to \d+)? minutes/);
  });

  test("no document cites the specs by a path outside the repository: each links its public source", () => {
    const documents = ["README.md", "docs", "packages", "conformance", "bench"].flatMap((entry) => markdownFiles(path.join(repo, entry)));
    const offenders = documents.filter((file) => /shared\/specs|\b00[1-4]_[0-9a-f]{16}\.txt\b/.test(fs.readFileSync(file, "utf8")));
    expect(offenders.map((file) => path.relative(repo, file))).toEqual([]);
    for (const source of ["YYHDBL/MyCodeAgent", "ishibashi-futos/agent-tools-ts", "mochow13/keen-code", "danielchristiancazares/forge"]) {
      expect(readme).toContain(`https://github.com/${source}/`);
    }
  });
});

function markdownFiles(entry: string): string[] {
  const stat = fs.statSync(entry);
  if (stat.isFile()) return entry.endsWith(".md") ? [entry] : [];
  return fs
    .readdirSync(entry)
    .filter((name) => name !== "node_modules" && name !== "dist" && !name.startsWith("."))
    .flatMap((name) => markdownFiles(path.join(entry, name)));
}
