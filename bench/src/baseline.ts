import { spawnSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { pathToFileURL } from "node:url";
import type { ProfileModule } from "@read/core";

/**
 * The last commit whose reads were all synchronous, before issue 17 made them non-blocking: "today's"
 * in that targets. The bench builds its core and profiles from git so that the comparison
 * needs no copy of old code in the tree.
 */
export const SYNCHRONOUS_BASELINE = "d25e52d623e49f5261e0254b03c3a055f6e875ca";

/** The packages of the baseline commit the bench loads, by directory under `packages/`. */
const PACKAGES = ["core", "profile-envelope", "profile-workspace-jp", "profile-forge", "guard"] as const;

/** Which baseline package serves each profile name. */
const PROFILE_PACKAGES: Readonly<Record<string, (typeof PACKAGES)[number]>> = {
  envelope: "profile-envelope",
  "workspace-jp": "profile-workspace-jp",
  forge: "profile-forge",
  guard: "guard",
};

/** The baseline's core and profiles, loaded from their transpiled copies. */
export interface Baseline {
  readonly commit: string;
  /** The profile of that commit, or undefined when it had none of that name. */
  profile(name: string): Promise<ProfileModule | undefined>;
  /** The baseline core's `clearLineIndexes` (its profiles share that core's caches, not ours). */
  clearLineIndexes(): void;
  /** Module URLs of the baseline's core and of its package of profile `name` (undefined: it had none). */
  entries(name: string): { readonly core: string; readonly profile: string } | undefined;
}

/** Why the baseline could not be built (no git history, an unknown commit): its rows are "not run". */
export interface BaselineUnavailable {
  readonly unavailable: string;
}

/**
 * Extracts the baseline commit's packages from the repository at `repoRoot` into the cache (once),
 * transpiles their TypeScript sources with `typescript` (no type check: the commit built when it was
 * made), and links each package's dependencies to the copies installed for today's packages (again on
 * every call).
 */
export async function prepareBaseline(repoRoot: string, cacheDir: string): Promise<Baseline | BaselineUnavailable> {
  const dir = path.join(cacheDir, `baseline-${SYNCHRONOUS_BASELINE.slice(0, 12)}`);
  const ready = path.join(dir, "ready");
  if (!fs.existsSync(ready)) {
    fs.rmSync(dir, { recursive: true, force: true });
    fs.mkdirSync(dir, { recursive: true });
    const archive = spawnSync("git", ["-C", repoRoot, "archive", "--format=tar", SYNCHRONOUS_BASELINE, ...PACKAGES.map((name) => `packages/${name}`)], {
      maxBuffer: 256 * 1024 * 1024,
    });
    if (archive.status !== 0) return { unavailable: `git archive ${SYNCHRONOUS_BASELINE.slice(0, 12)} failed (a clone without that commit?): ${archive.stderr.toString().trim()}` };
    const untar = spawnSync("tar", ["-x", "-C", dir], { input: archive.stdout });
    if (untar.status !== 0) return { unavailable: `tar failed: ${untar.stderr.toString().trim()}` };
    const ts = (await import("typescript")).default;
    for (const name of PACKAGES) {
      const packageDir = path.join(dir, "packages", name);
      transpileTree(ts, path.join(packageDir, "src"), path.join(packageDir, "dist"));
    }
    fs.writeFileSync(ready, `${SYNCHRONOUS_BASELINE}\n`);
  }
  // Linked on every run, to the checkout running the bench: a cache linked by another clone, since
  // removed, would load nothing.
  for (const name of PACKAGES) {
    const missing = linkDependencies(dir, path.join(dir, "packages", name), path.join(repoRoot, "packages", name));
    if (missing !== undefined) return { unavailable: missing };
  }
  const entry = (name: (typeof PACKAGES)[number]) => pathToFileURL(path.join(dir, "packages", name, "dist", "index.js")).href;
  const core = (await import(entry("core"))) as { clearLineIndexes(): void };
  return {
    commit: SYNCHRONOUS_BASELINE,
    async profile(name) {
      const packageName = PROFILE_PACKAGES[name];
      return packageName === undefined ? undefined : ((await import(entry(packageName))) as ProfileModule);
    },
    clearLineIndexes: () => core.clearLineIndexes(),
    entries(name) {
      const packageName = PROFILE_PACKAGES[name];
      return packageName === undefined ? undefined : { core: entry("core"), profile: entry(packageName) };
    },
  };
}

type TypeScript = typeof import("typescript");

function transpileTree(ts: TypeScript, from: string, to: string): void {
  for (const entry of fs.readdirSync(from, { withFileTypes: true })) {
    const source = path.join(from, entry.name);
    if (entry.isDirectory()) {
      transpileTree(ts, source, path.join(to, entry.name));
      continue;
    }
    if (!entry.name.endsWith(".ts") || entry.name.endsWith(".d.ts")) continue;
    const output = ts.transpileModule(fs.readFileSync(source, "utf8"), {
      compilerOptions: { module: ts.ModuleKind.ESNext, target: ts.ScriptTarget.ES2022 },
      fileName: source,
    });
    fs.mkdirSync(to, { recursive: true });
    fs.writeFileSync(path.join(to, entry.name.replace(/\.ts$/, ".js")), output.outputText);
  }
}

// `@read/*` dependencies point at the baseline's own packages; the rest at what today's package of the
// same name has installed (pnpm links each dependency into the package's node_modules).
function linkDependencies(baselineDir: string, packageDir: string, todayDir: string): string | undefined {
  const manifest = JSON.parse(fs.readFileSync(path.join(packageDir, "package.json"), "utf8")) as { dependencies?: Record<string, string> };
  fs.rmSync(path.join(packageDir, "node_modules"), { recursive: true, force: true });
  for (const dependency of Object.keys(manifest.dependencies ?? {})) {
    const link = path.join(packageDir, "node_modules", dependency);
    let target: string;
    if (dependency.startsWith("@read/")) {
      target = path.join(baselineDir, "packages", dependency.slice("@read/".length));
    } else {
      const installed = path.join(todayDir, "node_modules", dependency);
      if (!fs.existsSync(installed)) return `the baseline's ${path.basename(packageDir)} needs ${dependency}, which today's package does not install`;
      target = fs.realpathSync(installed);
    }
    fs.mkdirSync(path.dirname(link), { recursive: true });
    fs.symlinkSync(target, link, "dir");
  }
  return undefined;
}
