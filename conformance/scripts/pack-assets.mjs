// `prepack` / `postpack` of @read/conformance: the golden fixtures and the token corpus (`<repo>/fixtures`) and the worked
// examples (`<repo>/examples`) live outside this package in the repository; they are copied in for the
// tarball, so that an installed package runs every golden case and ships the walkthrough's example, and
// removed again afterwards.
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

const here = path.dirname(path.dirname(fileURLToPath(import.meta.url)));
const ASSETS = [
  ["fixtures", ["golden", "manifest.json", "README.md", "tokens"]],
  ["examples", null],
];

const [mode] = process.argv.slice(2);
for (const [dir, entries] of ASSETS) {
  const target = path.join(here, dir);
  fs.rmSync(target, { recursive: true, force: true });
  if (mode === "remove") continue;
  if (mode !== "copy") throw new Error(`usage: pack-assets.mjs copy|remove, got ${String(mode)}`);
  const source = path.join(here, "..", dir);
  for (const entry of entries ?? fs.readdirSync(source)) {
    fs.cpSync(path.join(source, entry), path.join(target, entry), { recursive: true, filter: (file) => !file.includes("__pycache__") });
  }
}
