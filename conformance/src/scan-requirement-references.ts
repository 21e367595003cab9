import fs from "node:fs";
import path from "node:path";

/** Where a requirement ID is named in a test file. */
export interface Reference {
  /** Repository-relative POSIX path and line, `packages/core/test/x.test.ts:12`. */
  readonly where: string;
  readonly id: string;
}

/** What the scan found: known IDs with their references, and ID-like tokens that name no requirement. */
export interface ReferenceScan {
  readonly byId: ReadonlyMap<string, readonly string[]>;
  readonly unknown: readonly Reference[];
  /** The files scanned, repository-relative. */
  readonly files: readonly string[];
}

/**
 * Scans test files (`packages/<pkg>/test/**\/*.test.ts` and `conformance/test/**\/*.test.ts`) for
 * requirement IDs: tokens starting with one of the registry's prefixes (`ENV-`, `JP-`, ...). A token
 * ends at a character that cannot be part of an ID; a trailing `.` or `-` is punctuation, not ID.
 */
export function scanRequirementReferences(repoRoot: string, ids: readonly string[]): ReferenceScan {
  const known = new Set(ids);
  const prefixes = [...new Set(ids.map((id) => id.slice(0, id.indexOf("-"))))].sort();
  const token = new RegExp(`\\b(?:${prefixes.join("|")})-[A-Za-z0-9][A-Za-z0-9.-]*`, "g");
  const byId = new Map<string, string[]>();
  const unknown: Reference[] = [];
  const files = testFiles(repoRoot);
  for (const file of files) {
    const lines = fs.readFileSync(path.join(repoRoot, file), "utf8").split("\n");
    lines.forEach((line, index) => {
      for (const match of line.matchAll(token)) {
        const id = match[0].replace(/[.-]+$/, "");
        const where = `${file}:${index + 1}`;
        if (known.has(id)) byId.set(id, [...(byId.get(id) ?? []), where]);
        else unknown.push({ id, where });
      }
    });
  }
  return { byId, unknown, files };
}

function testFiles(repoRoot: string): string[] {
  const roots = [
    ...listDir(path.join(repoRoot, "packages")).map((pkg) => path.join("packages", pkg, "test")),
    path.join("conformance", "test"),
  ];
  return roots.flatMap((dir) => walk(repoRoot, dir)).filter((file) => /\.test\.tsx?$/.test(file)).sort();
}

function walk(repoRoot: string, dir: string): string[] {
  return listDir(path.join(repoRoot, dir)).flatMap((entry) => {
    const relative = path.join(dir, entry);
    const stat = fs.statSync(path.join(repoRoot, relative));
    if (stat.isDirectory()) return entry === "node_modules" ? [] : walk(repoRoot, relative);
    return [relative.split(path.sep).join("/")];
  });
}

function listDir(dir: string): string[] {
  return fs.existsSync(dir) && fs.statSync(dir).isDirectory() ? fs.readdirSync(dir).sort() : [];
}
