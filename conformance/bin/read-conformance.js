#!/usr/bin/env node
try {
  await import("../dist/bin.js");
} catch (error) {
  if (error?.code === "ERR_MODULE_NOT_FOUND" && String(error.message).includes("dist/bin.js")) {
    process.stderr.write("read-conformance: @read/conformance is not built: run `pnpm build` (or `npx tsc -b conformance/tsconfig.build.json`) first\n");
    process.exitCode = 2;
  } else {
    throw error;
  }
}
