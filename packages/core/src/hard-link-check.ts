import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { coreFailure, type SensitiveFailure } from "./core-failure.js";
import { escapeText, quoteText } from "./escape-text.js";
import type { OpenFile } from "./open-file.js";
import { sensitiveRuleOf, type SensitiveRule } from "./sensitive-rules.js";
import { waitFor, type Steps } from "./steps.js";

/** Entries read from one directory, at most, when looking for a file's other names. */
export const HARD_LINK_ENTRIES = 4096;
/** Sensitive entries `stat`ed, at most, when looking for a file's other names. */
export const HARD_LINK_CANDIDATES = 64;

/**
 * Where credentials live under the home directory whatever the project: a hard link to one of them,
 * made inside the workspace, is compared with these. The secrets policy refuses every one by name.
 */
const HOME_CREDENTIALS = [
  ".ssh/id_rsa",
  ".ssh/id_dsa",
  ".ssh/id_ecdsa",
  ".ssh/id_ed25519",
  ".ssh/id_ecdsa_sk",
  ".ssh/id_ed25519_sk",
  ".aws/credentials",
  ".config/gcloud/application_default_credentials.json",
  ".config/gh/hosts.yml",
  ".docker/config.json",
  ".kube/config",
  ".netrc",
  ".git-credentials",
  ".npmrc",
  ".pypirc",
  ".pgpass",
  ".vault-token",
  ".s3cfg",
  ".boto",
  ".cargo/credentials.toml",
  ".gem/credentials",
];

/**
 * Whether an opened file is another name (a hard link) of a file the secrets policy refuses. A file's
 * other names cannot be listed, so the check is bounded: only when the file has more than one link
 * (`nlink > 1`) are these compared with it by device and inode: the entries of its own directory and of
 * the root whose names `rules` refuse (the first {@link HARD_LINK_ENTRIES} entries of each), and the
 * credential files of the home directory (`HOME_CREDENTIALS`); {@link HARD_LINK_CANDIDATES} of
 * them at most, in that order. A link elsewhere (another directory of the workspace, a secret with an innocent name)
 * is not found. A candidate that cannot be `stat`ed is skipped: it is no name of the opened file. The
 * `SENSITIVE` failure names the rule of the name it links to.
 */
export function* hardLinkFailureSteps(file: OpenFile, rules: readonly SensitiveRule[], root: string): Steps<SensitiveFailure | undefined> {
  if (rules.length === 0 || file.stat.nlink <= 1) return undefined;
  const candidates: { absolute: string; rule: SensitiveRule }[] = [];
  const directories = [...new Set([path.dirname(file.path.absolute), root])];
  try {
    for (const directory of directories) {
      const names = yield* waitFor(entriesOf(directory));
      for (const name of names) {
        const absolute = path.join(directory, name);
        if (absolute === file.path.absolute) continue;
        const rule = sensitiveRuleOf(rules, [absolute]);
        if (rule !== undefined) candidates.push({ absolute, rule });
      }
    }
    const home = os.homedir();
    for (const relative of HOME_CREDENTIALS) {
      const absolute = path.join(home, relative);
      const rule = sensitiveRuleOf(rules, [absolute]);
      if (rule !== undefined && absolute !== file.path.absolute) candidates.push({ absolute, rule });
    }
  } catch (error) {
    return failure(file, "error", `a check that failed (${escapeText(error instanceof Error ? error.message : String(error))})`);
  }
  for (const candidate of candidates.slice(0, HARD_LINK_CANDIDATES)) {
    // lstat: a symlink named `.env` is another file than the one it points to, never a hard link to it.
    const stat = yield* waitFor(fs.promises.lstat(candidate.absolute).catch(() => undefined));
    if (stat !== undefined && stat.dev === file.stat.dev && stat.ino === file.stat.ino) {
      return failure(file, candidate.rule.id, `a hard link to ${candidate.rule.description}`, true);
    }
  }
  return undefined;
}

// The first HARD_LINK_ENTRIES names of a directory; none when it cannot be read (no candidate there).
async function entriesOf(directory: string): Promise<string[]> {
  let handle: fs.Dir;
  try {
    handle = await fs.promises.opendir(directory);
  } catch {
    return [];
  }
  const names: string[] = [];
  try {
    for (let entry = await handle.read(); entry !== null && names.length < HARD_LINK_ENTRIES; entry = await handle.read()) {
      if (entry.isFile()) names.push(entry.name);
    }
  } finally {
    await handle.close();
  }
  return names;
}

function failure(file: OpenFile, rule: string, description: string, hardLink?: true): SensitiveFailure {
  const input = file.path.input;
  return coreFailure({ code: "SENSITIVE", message: `The path ${quoteText(input)} is sensitive: ${description}.`, path: input, rule, description, hardLink }) as SensitiveFailure;
}
