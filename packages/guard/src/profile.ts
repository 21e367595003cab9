import type { ProfileModule } from "@read/core";
import { configSchema, type GuardConfig } from "./config-schema.js";
import { createTool } from "./create-tool.js";
import type { ReadFileOutput } from "./output.js";

/** The `guard` profile: spec 003's permission-gated `read_file`, configured by the `[guard]` table. */
export const profile: ProfileModule<GuardConfig, ReadFileOutput> = {
  name: "guard",
  configTable: ["guard"],
  configSchema,
  createTool,
};
