import { defineProject, mergeConfig } from "vitest/config";
import shared from "../../vitest.shared.js";

// The global setup builds `dist/`: a test runs the built profile in a child process as another user.
export default mergeConfig(shared, defineProject({ test: { name: "profile-workspace-jp", globalSetup: ["../../vitest.build-setup.ts"] } }));
