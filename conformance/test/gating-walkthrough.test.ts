import { spawn } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { REPO_ROOT } from "../src/repo-paths.js";
import { packPackage } from "./local-registry.js";

// docs/gating-your-implementation.md, followed word for word from an empty directory: every ```sh block in
// order, in one shell session's working directory (a block's `cd` carries over), then the GitHub Actions
// snippet's `run:` steps where the snippet stands. `/path/to/read/tarballs/read-conformance.tgz` is this
// checkout's package, packed as `pnpm pack:all` names it (everything else comes from npm's registry). A block must
// exit 0, or the status an `<!-- exits N -->` line right above it announces; a gate's verdict must match.
const PAGE = path.join(REPO_ROOT, "docs", "gating-your-implementation.md");

/** A step of the walkthrough: a shell block, or the CI snippet's `run:` commands. */
interface Step {
  readonly line: number;
  readonly script: string;
  readonly exits: number;
}

/** The page's steps, in order. */
function steps(markdown: string): Step[] {
  const lines = markdown.split("\n");
  const found: Step[] = [];
  for (let index = 0; index < lines.length; index++) {
    const fence = /^```(sh|yaml)$/u.exec(lines[index] ?? "");
    if (fence === null) continue;
    const end = lines.indexOf("```", index + 1);
    const body = lines.slice(index + 1, end);
    const announced = /^<!-- exits (\d+) -->$/u.exec(lines[index - 1] ?? "");
    const exits = announced === null ? 0 : Number(announced[1]);
    if (fence[1] === "sh") found.push({ line: index + 1, script: body.join("\n"), exits });
    else for (const run of body.flatMap((text) => /^\s+- run: (.+)$/u.exec(text)?.[1] ?? [])) found.push({ line: index + 1, script: run, exits });
    index = end;
  }
  return found;
}

let base: string;
/** Where the page's `/path/to/read/tarballs` is: the packed package, named as `pnpm pack:all` names it. */
let tarballs: string;

beforeAll(async () => {
  base = fs.mkdtempSync(path.join(os.tmpdir(), "read-walkthrough-"));
  // The unprivileged cases run the example as nobody, who must reach it.
  fs.chmodSync(base, 0o755);
  tarballs = path.join(base, "clone", "tarballs");
  fs.mkdirSync(tarballs, { recursive: true });
  fs.renameSync(await packPackage("conformance", tarballs), path.join(tarballs, "read-conformance.tgz"));
}, 300_000);

afterAll(() => {
  fs.rmSync(base, { recursive: true, force: true });
});

/** Runs a step with bash in `cwd`; resolves to its status, output and the directory it ended in. */
function runStep(step: Step, cwd: string): Promise<{ readonly status: number | null; readonly output: string; readonly cwd: string }> {
  const cwdFile = path.join(base, ".cwd");
  return new Promise((resolve, reject) => {
    const script = step.script.replaceAll("/path/to/read/tarballs", tarballs);
    const child = spawn("bash", ["-c", `trap 'pwd > "$WALKTHROUGH_CWD"' EXIT\nset -eo pipefail\n${script}`], {
      cwd,
      // The page's five gates test the page (its commands, exit statuses and verdicts), not the example,
      // which packed-package.test.ts gates at the harness's default runs and the suite's race time: 5 runs
      // per property here, and races of 50 ms.
      env: { ...process.env, READ_CONFORMANCE_RUNS: "5", READ_CONFORMANCE_RACE_MS: "50", WALKTHROUGH_CWD: cwdFile },
      stdio: ["ignore", "pipe", "pipe"],
    });
    let output = "";
    child.stdout.on("data", (chunk: Buffer) => (output += chunk.toString("utf8")));
    child.stderr.on("data", (chunk: Buffer) => (output += chunk.toString("utf8")));
    child.on("error", reject);
    child.on("close", (status) => resolve({ status, output, cwd: fs.readFileSync(cwdFile, "utf8").trim() }));
  });
}

describe("docs/gating-your-implementation.md, followed word for word from an empty directory", () => {
  it("every step does what the page says, and the gate ends green", async () => {
    const all = steps(fs.readFileSync(PAGE, "utf8"));
    expect(all.length).toBeGreaterThanOrEqual(8);
    let cwd = base;
    const verdicts: string[] = [];
    for (const step of all) {
      const ran = await runStep(step, cwd);
      expect({ line: step.line, status: ran.status }, `the step at line ${step.line}:\n${step.script}\n---\n${ran.output.slice(-4000)}`).toEqual({ line: step.line, status: step.exits });
      const verdict = /^conformance: (green|RED) /mu.exec(ran.output)?.[1];
      if (verdict !== undefined) {
        expect(verdict).toBe(step.exits === 0 ? "green" : "RED");
        verdicts.push(verdict);
      }
      cwd = ran.cwd;
    }
    // Red, green with the list, green in CI, red with entries that pass, green with them removed.
    expect(verdicts).toEqual(["RED", "green", "green", "RED", "green"]);
    expect(fs.existsSync(path.join(cwd, "conformance.md"))).toBe(true);
  }, 900_000);
});
