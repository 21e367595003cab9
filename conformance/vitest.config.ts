import { defineProject, mergeConfig } from "vitest/config";
import shared from "../vitest.shared.js";

// The suite runs its adversarial races about 20 times per test run (every profile and protocol, the
// walkthrough's and the packed package's gates): 250 ms each instead of the harness's 1 s default keeps
// thousands of swaps per race and saves minutes of two busy cores. `pnpm conformance` and
// `npx read-conformance` race for 1 s, as does the security report.
export default mergeConfig(
  shared,
  defineProject({ test: { name: "conformance", globalSetup: ["../vitest.build-setup.ts"], env: { READ_CONFORMANCE_RACE_MS: "250" } } }),
);
