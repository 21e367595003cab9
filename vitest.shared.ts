import { fileURLToPath } from "node:url";
import { defineProject } from "vitest/config";

/**
 * Settings every vitest project of the monorepo shares. The `@read/source` export condition makes
 * workspace packages resolve to their TypeScript sources, so tests never depend on a stale `dist/`.
 */
const conditions = ["@read/source", "node", "import", "module", "default"];

export default defineProject({
  resolve: { conditions },
  ssr: { resolve: { conditions, externalConditions: ["@read/source"] } },
  test: {
    environment: "node",
    // A test file runs in its worker's process after the files before it, not in a fresh process: starting
    // one and importing the workspace's sources again per file took 40% of the five core packages' test
    // time (62 s instead of 38 on two cores). Tests restore what they change (cwd, spies, timers).
    isolate: false,
    testTimeout: 30_000,
    hookTimeout: 60_000,
    setupFiles: [fileURLToPath(new URL("./vitest.fast-check-setup.ts", import.meta.url)), fileURLToPath(new URL("./vitest.temp-dirs-setup.ts", import.meta.url))],
  },
});
