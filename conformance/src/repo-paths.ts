import path from "node:path";
import { fileURLToPath } from "node:url";

/** The repository root: this package lives in `<root>/conformance`, its code in `src/` or `dist/`. */
export const REPO_ROOT = fileURLToPath(new URL("../..", import.meta.url));

/** `<root>/fixtures`: the golden cases and their manifest. */
export const FIXTURES_DIR = path.join(REPO_ROOT, "fixtures");

/** `<root>/fixtures/manifest.json`. */
export const MANIFEST_FILE = path.join(FIXTURES_DIR, "manifest.json");

/** `<root>/docs/conformance.md` and `.json`: the published matrix. */
export const REPORT_MD_FILE = path.join(REPO_ROOT, "docs", "conformance.md");
export const REPORT_JSON_FILE = path.join(REPO_ROOT, "docs", "conformance.json");
