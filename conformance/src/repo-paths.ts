import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

/** This package's directory (`conformance/` in the repository, `node_modules/@read/conformance` once installed). */
export const PACKAGE_DIR = fileURLToPath(new URL("..", import.meta.url));

/** The repository root: this package lives in `<root>/conformance`, its code in `src/` or `dist/`. */
export const REPO_ROOT = fileURLToPath(new URL("../..", import.meta.url));

/** Whether the harness runs from a clone of the repository (not from an installed package). */
export const IN_REPOSITORY = fs.existsSync(path.join(REPO_ROOT, "pnpm-workspace.yaml")) && fs.existsSync(path.join(REPO_ROOT, "packages", "cli"));

/**
 * The golden cases and their manifest: `<root>/fixtures` in the repository, the copy the package ships
 * (`fixtures/` in its tarball, made when it is packed) once installed.
 */
export const FIXTURES_DIR = IN_REPOSITORY ? path.join(REPO_ROOT, "fixtures") : path.join(PACKAGE_DIR, "fixtures");

/** `fixtures/tokens`: the corpus the token estimate is measured on against real tokenizers. */
export const TOKEN_CORPUS_DIR = path.join(FIXTURES_DIR, "tokens");

/** `fixtures/manifest.json`. */
export const MANIFEST_FILE = path.join(FIXTURES_DIR, "manifest.json");

/** `<root>/docs/conformance.md` and `.json`: the published matrix. */
export const REPORT_MD_FILE = path.join(REPO_ROOT, "docs", "conformance.md");
export const REPORT_JSON_FILE = path.join(REPO_ROOT, "docs", "conformance.json");

/** `conformance/.runs` (gitignored): each complete run's own report, under `seed-<seed>/`. */
export const RUNS_DIR = path.join(PACKAGE_DIR, ".runs");
