/**
 * The secrets policy's scan, loaded by `DEFAULT_SECRET_SCANNER` on the first text holding a keyword of its
 * formats (a read without the policy, or of ordinary text, never loads it; the CLI bundles it apart from
 * its start-up code): secretlint (`@secretlint/core` with its recommended preset, less {@link LEFT_OUT})
 * and the formats it lacks.
 */
import path from "node:path";
import { lintSource } from "@secretlint/core";
import { secretLintProfiler } from "@secretlint/profiler";
import { creator as recommendedPreset } from "@secretlint/secretlint-rule-preset-recommend";
import { SECRET_KEYWORDS } from "./secret-keywords.js";
import type { SecretFinding } from "./secret-scanner.js";

const PRESET = "@secretlint/secretlint-rule-preset-recommend";

/**
 * Rules of secretlint's recommended preset the read path leaves out. `basicauth` and
 * `database-connection-string` report any `scheme://user:password@host`, the placeholder credentials of
 * every README and docker-compose file included: not a high-confidence format. `filter-comments` lets
 * the scanned text switch the scan off (`secretlint-disable`): the text is the workspace's, which may
 * tighten a policy, never loosen it.
 */
const LEFT_OUT = ["@secretlint/secretlint-rule-basicauth", "@secretlint/secretlint-rule-database-connection-string", "@secretlint/secretlint-rule-filter-comments"];

/** Formats secretlint's preset does not know, ours: each a family of high-confidence tokens. */
const OWN_FORMATS: readonly { readonly kind: string; readonly pattern: RegExp }[] = [
  // secretlint reports these only with its AWS account id rule, which flags any `account_id = 1234...`.
  { kind: "aws-access-key-id", pattern: /\b(?:A3T[A-Z0-9]|AKIA|ASIA|AGPA|AIDA|AROA|AIPA|ANPA|ANVA)[A-Z0-9]{16}\b/g },
  { kind: "stripe-secret-key", pattern: /\b[sr]k_(?:live|test)_[0-9a-zA-Z]{24,}\b/g },
  { kind: "gitlab-token", pattern: /\bgl(?:pat|dt|rt|ptt|cbt|soat)-[0-9A-Za-z_-]{20,}/g },
];

// AWS's documentation key: secretlint ignores it too.
const DOCUMENTED_EXAMPLES = new Set(["AKIAIOSFODNN7EXAMPLE"]);

// A private key block the window holds only part of: its header followed by a line of key, or its last
// line of key followed by its footer. secretlint reports whole blocks only.
// Every pattern starts with a fixed string, so each costs one pass over the text: a pattern starting
// with the key's characters (`[A-Za-z0-9+/=]{4,}\n-----END`) backtracked over every long run of them, and a
// 40 KiB line of letters beside a keyword took seconds (quadratic in the run).
const PEM_HEAD = /-----BEGIN (?:[A-Z0-9]+ )*PRIVATE KEY(?: BLOCK)?-----\r?\n[A-Za-z0-9+/=]{40,}/g;
const PEM_FOOTER = /\r?\n-----END (?:[A-Z0-9]+ )*PRIVATE KEY(?: BLOCK)?-----/g;
const PEM_END = /-----END (?:[A-Z0-9]+ )*PRIVATE KEY(?: BLOCK)?-----/g;
const PEM_BEGIN = /-----BEGIN (?:[A-Z0-9]+ )*PRIVATE KEY(?: BLOCK)?-----/;
// The least key text before a footer that makes it a cut block's end.
const PEM_TAIL_CHARS = 4;

// secretlint's profiler (one a process, the one its core imports: this package pins both at one version)
// marks every rule of every scan on the process's performance timeline and never clears a mark: each
// scan's measures searched all the marks before them, so a server's scans slowed without end (84 ms a scan
// after 6,000). Its observer also measures the marks of the whole process, and a mark ending in `::end`
// with no `::start` (a scanned path holding `::end`, or the host's own) made it measure a mark that does
// not exist: an unhandled rejection, which ends the process. Scans here mark nothing (`mark`, its public
// method), and the observer's measures, which only its private `perf` reaches, do nothing.
secretLintProfiler.mark = () => undefined;
Object.assign(secretLintProfiler, { perf: { mark: () => undefined, measure: () => undefined } });

const CONFIG = { rules: [{ id: PRESET, rule: recommendedPreset, rules: LEFT_OUT.map((id) => ({ id, disabled: true })) }] };

// secretlint drops duplicate findings by comparing each with every later one, a time that grows with the
// square of their number: 240 KiB of short Slack token shapes took 156 s. A text holding more keywords than
// this is scanned a group of whole lines at a time, each group holding at most this many; a line holding
// more by itself is not scanned but redacted whole (`dense-secrets`), erring on the side of hiding.
const KEYWORDS_PER_SCAN = 256;
const KEYWORD_PATTERN = new RegExp(SECRET_KEYWORDS.map((keyword) => keyword.replace(/[.*+?^${}()|[\]\\-]/g, "\\$&")).join("|"), "gi");

/** A run of `text` scanned on its own, or (`dense`) a line redacted whole. */
interface ScanPart {
  readonly start: number;
  readonly end: number;
  readonly dense: boolean;
}

/** Every secret of the known formats in `text` (a file's window; `fileName` tells JSON apart). */
export async function scanSecrets(text: string, fileName: string): Promise<readonly SecretFinding[]> {
  const parts = scanParts(text);
  if (parts === undefined) return scanPart(text, fileName);
  const found: SecretFinding[] = [];
  for (const part of parts) {
    if (part.dense) {
      found.push({ start: part.start, end: part.end, kind: "dense-secrets" });
      continue;
    }
    for (const finding of await scanPart(text.slice(part.start, part.end), fileName)) {
      found.push({ start: finding.start + part.start, end: finding.end + part.start, kind: finding.kind });
    }
  }
  return found;
}

/** `undefined` when `text` holds at most {@link KEYWORDS_PER_SCAN} keywords; else its parts, in order. */
function scanParts(text: string): ScanPart[] | undefined {
  const at: number[] = [];
  for (const match of text.matchAll(KEYWORD_PATTERN)) at.push(match.index);
  if (at.length <= KEYWORDS_PER_SCAN) return undefined;
  const parts: ScanPart[] = [];
  let partStart = 0;
  let partKeywords = 0;
  let next = 0;
  for (let lineStart = 0; lineStart < text.length; ) {
    const feed = text.indexOf("\n", lineStart);
    const lineEnd = feed === -1 ? text.length : feed + 1;
    let keywords = 0;
    while (next < at.length && (at[next] ?? 0) < lineEnd) {
      keywords++;
      next++;
    }
    if (keywords > KEYWORDS_PER_SCAN) {
      if (lineStart > partStart) parts.push({ start: partStart, end: lineStart, dense: false });
      const contentEnd = feed === -1 ? lineEnd : text[feed - 1] === "\r" ? feed - 1 : feed;
      parts.push({ start: lineStart, end: contentEnd, dense: true });
      partStart = lineEnd;
      partKeywords = 0;
    } else if (partKeywords + keywords > KEYWORDS_PER_SCAN) {
      parts.push({ start: partStart, end: lineStart, dense: false });
      partStart = lineStart;
      partKeywords = keywords;
    } else {
      partKeywords += keywords;
    }
    lineStart = lineEnd;
  }
  if (text.length > partStart) parts.push({ start: partStart, end: text.length, dense: false });
  return parts;
}

async function scanPart(text: string, fileName: string): Promise<readonly SecretFinding[]> {
  const own = ownFindings(text);
  // `.p12` would make secretlint's GCP rule read the file's bytes from disk by its name: text only here.
  const ext = path.extname(fileName).toLowerCase();
  const result = await lintSource({
    source: { content: text, filePath: fileName, ext: ext === ".p12" ? "" : ext, contentType: "text" },
    options: { config: CONFIG, noPhysicFilePath: true, maskSecrets: true },
  });
  return [...own, ...result.messages.map((message) => findingOf(text, message.messageId, message.range))];
}

/** The findings of the formats secretlint lacks ({@link OWN_FORMATS}, private key blocks cut by the window's edge). */
export function ownFindings(text: string): SecretFinding[] {
  const found: SecretFinding[] = [];
  for (const { kind, pattern } of OWN_FORMATS) {
    for (const match of text.matchAll(pattern)) {
      if (!DOCUMENTED_EXAMPLES.has(match[0])) found.push({ start: match.index, end: match.index + match[0].length, kind });
    }
  }
  let lastEnd = -1;
  for (const match of text.matchAll(PEM_END)) lastEnd = match.index;
  for (const match of text.matchAll(PEM_HEAD)) {
    if (lastEnd < match.index) found.push({ start: match.index, end: text.length, kind: "private-key" });
  }
  const firstBegin = text.search(PEM_BEGIN);
  for (const match of text.matchAll(PEM_FOOTER)) {
    const keyStart = keyRunStart(text, match.index);
    if (match.index - keyStart < PEM_TAIL_CHARS) continue;
    if (firstBegin === -1 || firstBegin > keyStart) found.push({ start: 0, end: match.index + match[0].length, kind: "private-key" });
  }
  return found;
}

/** Where the run of base64 characters (`A-Za-z0-9+/=`) that ends at `end` starts. */
function keyRunStart(text: string, end: number): number {
  let at = end;
  while (at > 0 && isKeyChar(text.charCodeAt(at - 1))) at--;
  return at;
}

function isKeyChar(code: number): boolean {
  return (code >= 0x41 && code <= 0x5a) || (code >= 0x61 && code <= 0x7a) || (code >= 0x30 && code <= 0x39) || code === 0x2b || code === 0x2f || code === 0x3d;
}

// secretlint 11.7 reports an AWS secret access key from the start of its variable's name for the key's
// length (`aws_secret_access_key = "wJalrXUtnFEMI/K`): the finding is moved onto the key itself.
const AWS_SECRET_VALUE = /(?::|=>|=)\s*["']?([A-Za-z0-9/+=]{40})/y;
const AWS_NAME_MAX = 64;

function findingOf(text: string, messageId: string, [start, end]: readonly [number, number]): SecretFinding {
  const kind = kebab(messageId);
  if (messageId !== "AWSSecretAccessKey") return { start, end, kind };
  for (let at = start; at < Math.min(text.length, start + AWS_NAME_MAX); at++) {
    AWS_SECRET_VALUE.lastIndex = at;
    const value = AWS_SECRET_VALUE.exec(text);
    if (value?.[1] !== undefined) {
      const from = at + value[0].length - value[1].length;
      return { start: from, end: from + value[1].length, kind };
    }
  }
  return { start, end, kind };
}

// `AWSSecretAccessKey`, `GITHUB_TOKEN`, `PrivateKey` as `aws-secret-access-key`, `github-token`, `private-key`.
function kebab(id: string): string {
  return id
    .replace(/([a-z0-9])([A-Z])/g, "$1-$2")
    .replace(/([A-Z]+)([A-Z][a-z])/g, "$1-$2")
    .replaceAll("_", "-")
    .toLowerCase();
}
