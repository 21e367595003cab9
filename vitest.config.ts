import { defineConfig } from "vitest/config";

// One fast-check seed for the whole run (vitest.fast-check-setup.ts applies it in every worker): printed
// here, and replayed with FC_SEED=<seed>.
process.env.FC_SEED ??= String(Math.floor(Math.random() * 2 ** 31));
console.log(`fast-check seed ${process.env.FC_SEED} (replay: FC_SEED=${process.env.FC_SEED} pnpm test)`);

export default defineConfig({
  test: {
    projects: ["packages/*", "conformance", "bench"],
  },
});
