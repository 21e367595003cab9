import fs from "node:fs";

/** The version of `@read/cli` (`read-tool --version`), from its package.json. */
export function cliVersion(): string {
  return (JSON.parse(fs.readFileSync(new URL("../package.json", import.meta.url), "utf8")) as { version: string }).version;
}
