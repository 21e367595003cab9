import type { ProfileModule } from "@read/core";
import { configSchema, type WorkspaceJpConfig } from "./config-schema.js";
import { createTool } from "./create-tool.js";
import type { ReadFileResult } from "./output.js";

/**
 * The `workspace-jp` profile (spec 002, `read_file`): found by the CLI and the conformance harness
 * through this descriptor. Its config table `[workspace-jp]` has no keys (the spec fixes every limit).
 */
export const profile: ProfileModule<WorkspaceJpConfig, ReadFileResult> = {
  name: "workspace-jp",
  configTable: ["workspace-jp"],
  configSchema,
  createTool,
};
