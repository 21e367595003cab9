import type { ProfileModule } from "@read/core";
import { configSchema, type ForgeConfig } from "./config-schema.js";
import { createTool } from "./create-tool.js";
import type { ReadOutput } from "./output.js";

/** The `forge` profile: spec 004's `Read` tool, configured by `[tools.read_file]`. */
export const profile: ProfileModule<ForgeConfig, ReadOutput> = {
  name: "forge",
  configTable: ["tools", "read_file"],
  configSchema,
  createTool,
};
