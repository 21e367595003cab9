import type { Line, LineWindow } from "./read-lines.js";
import { waitFor, type Steps } from "./steps.js";

/** A secret found in a text: where it lies (UTF-16 offsets, `end` exclusive) and what it is. */
export interface SecretFinding {
  readonly start: number;
  readonly end: number;
  /** What was found, in kebab-case (`aws-access-key-id`, `private-key`), shown in the redaction marker. */
  readonly kind: string;
}

/**
 * Finds secrets by their content in the text a read returns. The secrets policy's content check: with
 * it, every value found is replaced by `[REDACTED kind]` before a profile sees the text.
 */
export interface SecretScanner {
  /**
   * The secrets in `text`, in any order, possibly overlapping. `fileName` is the file's name (its
   * extension tells formats apart: a service account key is JSON). A scanner that throws fails the read:
   * a check that could not finish is never an allowance.
   */
  scan(text: string, fileName: string): readonly SecretFinding[] | PromiseLike<readonly SecretFinding[]>;
  /**
   * Optional: whether `scan` may find a secret in the text that the UTF-8 `bytes` decode to. `false` only
   * when it surely finds none, so that a caller holding the bytes (`redactTextSteps`) returns the text
   * without scanning it; a check of bytes costs less than one of their text.
   */
  mayFind?(bytes: Uint8Array): boolean;
}

/**
 * `window` with every secret `scanner` finds in its text redacted: each line's part of a finding becomes
 * `[REDACTED kind]`, its terminators kept, so the window keeps its lines and their numbers (a private
 * key block of 27 lines is 27 lines of markers). The very `window` when nothing is found.
 */
export function* redactWindowSteps(window: LineWindow, scanner: SecretScanner, fileName: string): Steps<LineWindow> {
  if (window.text === "") return window;
  const findings = merged(yield* scanSteps(scanner, window.text, fileName));
  if (findings.length === 0) return window;
  const lines: Line[] = [];
  const cursor = { next: 0 };
  let offset = 0;
  for (const line of window.lines) {
    const end = offset + line.text.length;
    lines.push({ ...line, text: redactPart(line.text, offset, end, findings, cursor) });
    offset = end + line.terminator.length;
  }
  return { ...window, lines, text: lines.map((line) => line.text + line.terminator).join(""), textPieces: undefined };
}

/**
 * `text` with every secret `scanner` finds redacted, line ends kept (see {@link redactWindowSteps}): for
 * a profile that returns a file's text whole rather than as a window of lines. The very `text` when
 * nothing is found. `bytes`, the UTF-8 bytes `text` was decoded from, let the scanner's `mayFind` rule
 * the text out without scanning it.
 */
export function* redactTextSteps(text: string, scanner: SecretScanner, fileName: string, bytes?: Uint8Array): Steps<string> {
  if (text === "" || (bytes !== undefined && scanner.mayFind?.(bytes) === false)) return text;
  const findings = merged(yield* scanSteps(scanner, text, fileName));
  if (findings.length === 0) return text;
  let redacted = "";
  const cursor = { next: 0 };
  let offset = 0;
  for (const line of text.split(/(?<=\n)/)) {
    const body = line.endsWith("\r\n") ? line.slice(0, -2) : line.endsWith("\n") ? line.slice(0, -1) : line;
    redacted += redactPart(body, offset, offset + body.length, findings, cursor) + line.slice(body.length);
    offset += line.length;
  }
  return redacted;
}

function* scanSteps(scanner: SecretScanner, text: string, fileName: string): Steps<readonly SecretFinding[]> {
  const found = scanner.scan(text, fileName);
  return Array.isArray(found) ? (found as readonly SecretFinding[]) : yield* waitFor(found as PromiseLike<readonly SecretFinding[]>);
}

// Findings sorted and overlapping ones joined (two rules often report one key), empty ones dropped.
function merged(findings: readonly SecretFinding[]): SecretFinding[] {
  const sorted = findings.filter((finding) => finding.end > finding.start).sort((a, b) => a.start - b.start || b.end - a.end);
  const joined: SecretFinding[] = [];
  for (const finding of sorted) {
    const last = joined.at(-1);
    if (last !== undefined && finding.start < last.end) {
      if (finding.end > last.end) joined[joined.length - 1] = { ...last, end: finding.end };
    } else {
      joined.push(finding);
    }
  }
  return joined;
}

// The line's text (from `start` to `end` of the whole text) with its parts of the findings replaced;
// a line break inside a finding stays (it is in the line's terminator, never in `text`). Lines come in
// order, so `cursor` skips the findings that ended before this one: linear in lines plus findings.
function redactPart(text: string, start: number, end: number, findings: readonly SecretFinding[], cursor: { next: number }): string {
  while (cursor.next < findings.length && (findings[cursor.next]?.end ?? 0) <= start) cursor.next++;
  let result = "";
  let at = start;
  for (let index = cursor.next; index < findings.length; index++) {
    const finding = findings[index];
    if (finding === undefined || finding.start >= end) break;
    const from = Math.max(finding.start, start);
    const to = Math.min(finding.end, end);
    if (to <= from) continue;
    result += `${text.slice(at - start, from - start)}[REDACTED ${finding.kind}]`;
    at = to;
  }
  return at === start ? text : result + text.slice(at - start);
}
