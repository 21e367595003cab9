import type { ProfileModule } from "@read/core";
import { configSchema, type EnvelopeOptions } from "./config-schema.js";
import { createTool } from "./create-tool.js";
import type { EnvelopeOutput } from "./output.js";

/** The `envelope` profile: spec 001's `Read`, configured by the `[envelope]` table of `read.config.toml`. */
export const profile: ProfileModule<EnvelopeOptions, EnvelopeOutput> = {
  name: "envelope",
  configTable: ["envelope"],
  configSchema,
  createTool,
};
