import { spawnSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { defaultCacheDir } from "./workloads.js";

/**
 * The peers the bench compares with, at the versions the report states. They are not dependencies of
 * the workspace, so `pnpm install` does not fetch them (gemini-cli-core alone brings hundreds of
 * packages, some with native build scripts): `pnpm bench` installs them on first use into the cache
 * directory, with npm and without install scripts (the bench calls neither one's native parts).
 */
export const PEERS: Readonly<Record<string, string>> = {
  "@modelcontextprotocol/server-filesystem": "2026.8.31",
  "@google/gemini-cli-core": "0.61.0",
};

/** Where the peers are installed: `<cache>/peers` (`READ_BENCH_CACHE`, see workloads.ts). */
export function peersDir(): string {
  return path.join(defaultCacheDir(), "peers");
}

/** The installed version of a peer, or `undefined` when it is not installed there. */
export function installedPeerVersion(name: string): string | undefined {
  const manifest = path.join(peersDir(), "node_modules", name, "package.json");
  return fs.existsSync(manifest) ? (JSON.parse(fs.readFileSync(manifest, "utf8")) as { version: string }).version : undefined;
}

/** Installs the peers into {@link peersDir} unless each is there at its version already. */
export function ensurePeers(log: (line: string) => void): void {
  const missing = Object.entries(PEERS).filter(([name, version]) => installedPeerVersion(name) !== version);
  if (missing.length === 0) return;
  const dir = peersDir();
  fs.mkdirSync(dir, { recursive: true });
  fs.writeFileSync(path.join(dir, "package.json"), `${JSON.stringify({ name: "read-bench-peers", private: true }, null, 2)}\n`);
  const specs = Object.entries(PEERS).map(([name, version]) => `${name}@${version}`);
  log(`installing the bench's peers into ${dir}: ${specs.join(", ")} (once; npm, no install scripts)`);
  const npm = spawnSync("npm", ["install", "--ignore-scripts", "--no-audit", "--no-fund", "--loglevel=error", ...specs], { cwd: dir, encoding: "utf8", stdio: ["ignore", "pipe", "pipe"] });
  if (npm.status !== 0) throw new Error(`installing the bench's peers failed (npm exit ${npm.status ?? npm.signal}):\n${npm.stdout}${npm.stderr}`);
  for (const [name, version] of Object.entries(PEERS)) {
    if (installedPeerVersion(name) !== version) throw new Error(`${name}@${version} is not in ${dir} after npm install`);
  }
}

/** The URL to import a module of an installed peer by (`@scope/name/dist/lib.js`). */
export function peerModule(specifier: string): string {
  return pathToFileURL(path.join(peersDir(), "node_modules", specifier)).href;
}
