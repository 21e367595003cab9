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
    testTimeout: 30_000,
    hookTimeout: 60_000,
    setupFiles: [fileURLToPath(new URL("./vitest.fast-check-setup.ts", import.meta.url))],
  },
});
