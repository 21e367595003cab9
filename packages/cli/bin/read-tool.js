#!/usr/bin/env node
// CommonJS (see bin/package.json): Node then starts without its ES module loader, which a start measured
// in tens of milliseconds notices. The work is in src/run-read-tool.ts.
"use strict";
const path = require("node:path");

let start;
try {
  start = require("../dist/run-read-tool.cjs");
} catch (error) {
  if (error.code !== "MODULE_NOT_FOUND") throw error;
  process.stderr.write("read-tool: not built (dist/run-read-tool.cjs is missing): run `pnpm build` in the repository\n");
  process.exit(2);
}
start.runReadTool(path.join(__dirname, "..", "dist", "read-tool.cjs"));
