import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { defineConfig } from "vitest/config";
import LongFilesFirst from "./vitest.long-files-first.js";

// One fast-check seed for the properties of the run's tests (vitest.fast-check-setup.ts applies it in
// every worker): printed here, on stderr, and replayed with FC_SEED=<seed>. The conformance harness draws
// its own cases from READ_CONFORMANCE_SEED, which its runs print.
process.env.FC_SEED ??= String(Math.floor(Math.random() * 2 ** 31));
if (!Number.isSafeInteger(Number(process.env.FC_SEED))) throw new Error(`FC_SEED must be an integer, got '${process.env.FC_SEED}'`);
console.error(`fast-check seed ${process.env.FC_SEED} (replay: FC_SEED=${process.env.FC_SEED} pnpm test)`);

// Tests never read the developer's own config (the CLI's user layer: $READ_TOOL_CONFIG, or
// $XDG_CONFIG_HOME/read/config.toml): it would change what they see. A directory nobody creates; tests of
// that layer set these for their own child processes.
process.env.XDG_CONFIG_HOME = path.join(os.tmpdir(), "read-tests-have-no-user-config");
delete process.env.READ_TOOL_CONFIG;

// The `@read/source` export condition makes workspace packages resolve to their TypeScript sources, so
// tests never depend on a stale `dist/`.
const conditions = ["@read/source", "node", "import", "module", "default"];
const here = (file: string) => fileURLToPath(new URL(file, import.meta.url));

/**
 * Every test of the repository in one vitest project (`npx vitest run packages/core` runs one package's).
 * One project is one module graph: with a project per package, the shared sources were transformed and
 * imported again for each, 46 s of the workers' time per run against 20 s for one project (two workers).
 */
export default defineConfig({
  resolve: { conditions },
  ssr: { resolve: { conditions, externalConditions: ["@read/source"] } },
  test: {
    include: ["packages/*/test/**/*.test.{ts,tsx}", "conformance/test/**/*.test.ts", "bench/test/**/*.test.ts"],
    environment: "node",
    // A test file runs in its worker's process after the files before it, not in a fresh process: starting
    // one and importing the workspace's sources again per file took 40% of the five core packages' test
    // time (62 s instead of 38 on two cores). Tests restore what they change (cwd, spies, timers).
    isolate: false,
    // One worker more than there are cores: most slow files wait on child processes (the CLI, MCP servers,
    // packed installs) or on time (races, files left to settle), and a third file fills those gaps. On two
    // cores the run took 262 s instead of 291 with two workers, for the same CPU time.
    maxWorkers: os.availableParallelism() + 1,
    testTimeout: 30_000,
    // A test blocked in a synchronous call holds its worker where no timeout reaches: the watchdog names its
    // file, prints the processes under the run and ends the run, instead of CI's own limit ending it silent.
    reporters: ["default", here("./vitest.stall-watchdog.ts")],
    // The longest files start first (vitest.long-files-first.ts): started last, they ended the run alone.
    sequence: { sequencer: LongFilesFirst },
    hookTimeout: 60_000,
    // Brings every package's dist/ up to date first: tests run the built CLI, MCP server and profiles in
    // child processes.
    globalSetup: [here("./vitest.build-setup.ts")],
    setupFiles: [here("./vitest.fast-check-setup.ts"), here("./vitest.temp-dirs-setup.ts")],
    // The conformance suite races about 20 times per test run (every profile and protocol, the walkthrough's
    // and the packed package's gates): 250 ms each instead of the harness's 1 s default keeps thousands of
    // swaps per race and saves minutes of two busy cores. `pnpm conformance` and `npx read-conformance` race
    // for 1 s, as does the security report.
    // CI's second Node version sets its own, shorter (.ci/run).
    env: { READ_CONFORMANCE_RACE_MS: process.env.READ_CONFORMANCE_RACE_MS ?? "250" },
  },
});
