#!/usr/bin/env node
// CommonJS (see bin/package.json): Node then starts without its ES module loader, which a start measured
// in tens of milliseconds notices. The work is in src/run-read-tool.ts.
"use strict";
const path = require("node:path");

require("../dist/run-read-tool.cjs").runReadTool(path.join(__dirname, "..", "dist", "read-tool.cjs"));
