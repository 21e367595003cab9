#!/usr/bin/env node
// `pnpm pack:all`: every public package packed into tarballs/ under a name without its version
// (tarballs/read-core.tgz for @read/core), so that the install lines of the READMEs hold until the packages
// are on the npm registry: `npm install /path/to/read/tarballs/read-core.tgz`. Run it after `pnpm build`
// (`pnpm pack:all` builds first). `pnpm pack` turns `workspace:` ranges into the versions of this checkout;
// npm then takes a dependency on another @read package from the tarballs given in the same install.
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";

const repo = path.dirname(path.dirname(fileURLToPath(import.meta.url)));
const destination = path.join(repo, "tarballs");
const scratch = fs.mkdtempSync(path.join(os.tmpdir(), "read-pack-"));

const run = (command, args, cwd) => {
  const result = spawnSync(command, args, { cwd, encoding: "utf8" });
  if (result.status !== 0) {
    process.stderr.write(`pack:all: ${command} ${args.join(" ")} (in ${cwd}) exited ${result.status ?? result.signal}\n${result.stdout}${result.stderr}`);
    process.exit(1);
  }
  return result.stdout;
};

const packages = JSON.parse(run("pnpm", ["-r", "ls", "--depth", "-1", "--json"], repo)).filter((entry) => !entry.private && entry.path !== repo);
fs.mkdirSync(destination, { recursive: true });
for (const entry of packages) {
  const packed = run("pnpm", ["pack", "--pack-destination", scratch], entry.path).trim().split("\n").at(-1);
  const name = `${entry.name.replace(/^@/, "").replace("/", "-")}.tgz`;
  fs.copyFileSync(packed, path.join(destination, name));
  process.stdout.write(`${path.join(destination, name)}  (${entry.name}@${entry.version})\n`);
}
fs.rmSync(scratch, { recursive: true, force: true });
