import os from "node:os";
import { defineConfig } from "vitest/config";

// One fast-check seed for the properties of the run's tests (vitest.fast-check-setup.ts applies it in
// every worker): printed here, on stderr, and replayed with FC_SEED=<seed>. The conformance harness draws
// its own cases from READ_CONFORMANCE_SEED, which its runs print.
process.env.FC_SEED ??= String(Math.floor(Math.random() * 2 ** 31));
if (!Number.isSafeInteger(Number(process.env.FC_SEED))) throw new Error(`FC_SEED must be an integer, got '${process.env.FC_SEED}'`);
console.error(`fast-check seed ${process.env.FC_SEED} (replay: FC_SEED=${process.env.FC_SEED} pnpm test)`);

export default defineConfig({
  test: {
    projects: ["packages/*", "conformance", "bench"],
    // Vitest's default leaves one core free, which on a two-core machine runs the files one at a time;
    // most of the slow ones wait on child processes (the CLI, MCP servers, packed installs), not the CPU.
    maxWorkers: Math.max(2, os.availableParallelism()),
  },
});
