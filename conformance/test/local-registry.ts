import { execFileSync } from "node:child_process";
import { createHash } from "node:crypto";
import fs from "node:fs";
import http from "node:http";
import path from "node:path";
import { REPO_ROOT } from "../src/repo-paths.js";
import { withDirectoryLock } from "../../vitest.build-setup.js";

/** `pnpm` on PATH: it packs workspace packages with their `workspace:` ranges made real. */
export function findPnpm(): string {
  for (const dir of (process.env.PATH ?? "").split(path.delimiter)) {
    const candidate = path.join(dir, "pnpm");
    if (dir !== "" && fs.existsSync(candidate)) return candidate;
  }
  throw new Error("pnpm is not on PATH: the packing tests run `pnpm pack` (put the packageManager's pnpm on PATH, as .ci/run does)");
}

/**
 * Packs a workspace package (its directory relative to the repository) into `dest`; returns the tarball's
 * path. One pack at a time: `prepack` copies files into the package directory and `postpack` removes them,
 * so two test files packing at once would ship each other's half-removed copies.
 */
export function packPackage(dir: string, dest: string): Promise<string> {
  return withDirectoryLock(path.join(REPO_ROOT, "node_modules", ".read-pack.lock"), () => packInto(dir, dest));
}

function packInto(dir: string, dest: string): string {
  const before = new Set(fs.readdirSync(dest));
  execFileSync(findPnpm(), ["pack", "--pack-destination", dest], { cwd: path.join(REPO_ROOT, dir), stdio: "pipe" });
  const made = fs.readdirSync(dest).filter((file) => file.endsWith(".tgz") && !before.has(file));
  if (made.length !== 1 || made[0] === undefined) throw new Error(`pnpm pack in ${dir} made ${made.length} tarballs`);
  return path.join(dest, made[0]);
}

/** A registry on localhost serving some tarballs, for npm's `@scope:registry`. */
export interface LocalRegistry {
  /** `http://127.0.0.1:PORT/`. */
  readonly url: string;
  /** The environment that makes npm take `@read/*` from it (and everything else from its usual registry). */
  readonly env: NodeJS.ProcessEnv;
  close(): Promise<void>;
}

/**
 * Serves each tarball as the only version of its package (`GET /@read%2fconformance` gives the packument,
 * `GET /tarballs/<file>` the tarball), so that `npm install @read/conformance` works word for word, with
 * nothing published: the way a user installs it, without the public registry's copy.
 */
export async function startLocalRegistry(tarballs: readonly string[]): Promise<LocalRegistry> {
  const packages = new Map(
    tarballs.map((tarball) => {
      const manifest = JSON.parse(execFileSync("tar", ["-xzOf", tarball, "package/package.json"], { encoding: "utf8" })) as { name: string; version: string };
      const bytes = fs.readFileSync(tarball);
      return [manifest.name, { manifest, bytes, file: path.basename(tarball) }] as const;
    }),
  );
  const server = http.createServer((request, response) => {
    const url = decodeURIComponent(request.url ?? "/");
    const file = url.startsWith("/tarballs/") ? [...packages.values()].find((entry) => `/tarballs/${entry.file}` === url) : undefined;
    if (file !== undefined) {
      response.writeHead(200, { "content-type": "application/octet-stream" }).end(file.bytes);
      return;
    }
    const entry = packages.get(url.slice(1));
    if (entry === undefined) {
      response.writeHead(404, { "content-type": "application/json" }).end('{"error":"not found"}');
      return;
    }
    const { address, port } = server.address() as { address: string; port: number };
    const dist = {
      tarball: `http://${address}:${port}/tarballs/${entry.file}`,
      shasum: createHash("sha1").update(entry.bytes).digest("hex"),
      integrity: `sha512-${createHash("sha512").update(entry.bytes).digest("base64")}`,
    };
    const { version } = entry.manifest;
    response.writeHead(200, { "content-type": "application/json" }).end(JSON.stringify({ name: entry.manifest.name, "dist-tags": { latest: version }, versions: { [version]: { ...entry.manifest, dist } } }));
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as { port: number };
  const url = `http://127.0.0.1:${port}/`;
  return {
    url,
    env: { ...process.env, "npm_config_@read:registry": url, npm_config_audit: "false", npm_config_fund: "false", npm_config_update_notifier: "false" },
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
