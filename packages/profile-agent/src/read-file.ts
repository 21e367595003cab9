import { isUtf8 } from "node:buffer";
import {
  ok,
  quoteText,
  readHeadSteps,
  settleSteps,
  withOpenFileSteps,
  type OpenFile,
  type Result,
  type SecretScanner,
  type SensitiveRule,
  type Steps,
  type Workspace,
} from "@read/core";
import type { AgentConfig } from "./config-schema.js";
import { BINARY_SNIFF_BYTES, decodeWhole, detectEncoding } from "./detect-encoding.js";
import { imageFormatOf } from "./image-format.js";
import { leadingPageSteps } from "./leading-page.js";
import type { ReadInput } from "./input-schema.js";
import { decodedSource, utf8Source, type LineSource } from "./line-source.js";
import { CONFIG_TABLE, mapFailure } from "./map-failure.js";
import { readError, type LineEndings, type ReadOutput, type ReadSuccess } from "./output.js";
import { pageLinesSteps } from "./page-lines.js";
import { documentKindOf, readDocumentSteps } from "./read-document.js";
import { readImageSteps } from "./read-image.js";
import { redactContentSteps } from "./redact-content.js";
import { cachedScan, rememberScan } from "./scan-cache.js";
import { countTerminators, scanFileSteps, type TerminatorCounts } from "./scan-file.js";

/** What bounds a read besides its input: the caller's signal and the secrets policy. */
export interface ReadGuards {
  readonly signal?: AbortSignal | undefined;
  readonly sensitive?: readonly SensitiveRule[];
  /** The secrets policy's content check: secrets in the returned content are redacted. */
  readonly redact?: SecretScanner | undefined;
}

/**
 * One call of `read` on a validated input: core opens the file (contained in the root, the secrets policy
 * applied, never blocking), one pass over its bytes gives its version and line endings, a conditional read
 * of an unchanged file ends there, and otherwise the page is built from the windows asked for. All of it is
 * one run of steps: a small file is read and closed before the promise is returned.
 */
export function readFile(workspace: Workspace, input: ReadInput, config: AgentConfig, guards: ReadGuards = {}): Promise<ReadOutput> {
  return settleSteps(readSteps(workspace, input, config, guards));
}

function* readSteps(workspace: Workspace, input: ReadInput, config: AgentConfig, guards: ReadGuards): Steps<ReadOutput> {
  const result = yield* withOpenFileSteps(workspace, input.path, guards, (file) => readOpen(file, input, config, guards));
  return result.ok ? result.value : mapFailure(result.failure, input.path);
}

function* readOpen(file: OpenFile, input: ReadInput, config: AgentConfig, guards: ReadGuards): Steps<Result<ReadOutput>> {
  const first = yield* file.reader.chunk(0);
  const view = first.buffer.subarray(0, first.bytes);
  const image = imageFormatOf(view);
  if (image !== undefined) return yield* readImageSteps(file, image, input, config, guards.signal);
  // The scan reads over the chunk's buffer, so what detection needs of it is copied first: of a head that is
  // valid UTF-8 the bytes sniffed for a byte order mark and NULs, of another all of it (for the detector).
  const valid = isUtf8(view);
  const head = Buffer.from(valid ? view.subarray(0, BINARY_SNIFF_BYTES) : view);
  let scan = file.stat.size <= config.max_scan_bytes ? cachedScan(file) : undefined;
  if (scan === undefined) {
    const scanned = yield* scanFileSteps(file, config.max_scan_bytes);
    if (!scanned.ok) return scanned;
    scan = scanned.value;
    rememberScan(file, scan);
  }
  const { version } = scan;
  if (input.if_version !== undefined && version !== null && input.if_version === version) return ok({ path: file.path.relative, version, unchanged: true as const });
  const document = documentKindOf(file.path.relative);
  if (document !== undefined || input.pages !== undefined) return yield* readDocumentSteps(document, file, input, config, version, guards);
  const verdict = detectEncoding(head, !scan.complete || scan.size > first.bytes, valid);
  if (verdict.kind === "binary") {
    return ok(readError("BINARY_FILE", `${quoteText(file.path.input)} is a binary file (a NUL byte in its first 8 KiB, and no UTF-16 byte order mark); read returns text only.`));
  }
  let source: LineSource;
  let terminators = scan.terminators;
  const answer = (page: Pick<ReadSuccess, "content" | "start_line" | "end_line" | "truncated" | "next">, totalLines: number | null): ReadSuccess => ({
    path: file.path.relative,
    content: page.content,
    start_line: page.start_line,
    end_line: page.end_line,
    total_lines: totalLines,
    truncated: page.truncated,
    next: page.next,
    version,
    encoding: verdict.encoding,
    ...(verdict.confidence === undefined ? {} : { encoding_confidence: verdict.confidence }),
    bom: verdict.bom,
    line_endings: lineEndingsOf(terminators),
  });
  if (verdict.encoding === "utf-8") {
    const totalLines = scan.complete ? countLines(terminators, scan.size, scan.finalLf, verdict.bomBytes) : null;
    const leading = totalLines === null ? undefined : yield* leadingPageSteps(file, input, config, totalLines, verdict.bomBytes, guards.redact);
    if (leading !== undefined) return ok(answer({ ...leading, start_line: 1, truncated: leading.next !== null }, totalLines));
    source = utf8Source(file, totalLines, verdict.bomBytes, scan.columns);
  } else {
    const whole = yield* readHeadSteps(file, config.max_decoded_bytes);
    if (!whole.ok) return whole;
    if (whole.value.truncated) {
      return ok(
        readError(
          "TOO_LARGE",
          `${quoteText(file.path.input)} is over max_decoded_bytes (${config.max_decoded_bytes}) in ${CONFIG_TABLE}, and read decodes a ${verdict.encoding} file whole. Convert it to UTF-8 (iconv -f ${verdict.encoding} -t utf-8), or raise max_decoded_bytes in your own configuration.`,
        ),
      );
    }
    const text = decodeWhole(whole.value.bytes.subarray(verdict.bomBytes), verdict.encoding);
    if (verdict.encoding === "utf-16le" || verdict.encoding === "utf-16be") terminators = countTerminators(text);
    source = decodedSource(text);
  }
  const paged = yield* pageLinesSteps(source, input, config, file.path.input);
  if (!paged.ok) return paged;
  if ("error" in paged.value) return ok(paged.value);
  const { page, next, truncated } = paged.value;
  const content = guards.redact === undefined ? page.content() : yield* redactContentSteps(page.content(), page.texts(), guards.redact, file.path.absolute);
  return ok(answer({ content, start_line: page.first, end_line: page.last, truncated, next }, source.totalLines));
}

// A file's lines: its line feeds, and one more when bytes follow the last of them.
function countLines(terminators: TerminatorCounts, size: number, finalLf: boolean, bomBytes: number): number {
  return terminators.lf + terminators.crlf + (size > bomBytes && !finalLf ? 1 : 0);
}

function lineEndingsOf({ lf, crlf, cr }: TerminatorCounts): LineEndings {
  const kinds = (lf > 0 ? 1 : 0) + (crlf > 0 ? 1 : 0) + (cr > 0 ? 1 : 0);
  if (kinds === 0) return "none";
  if (kinds > 1) return "mixed";
  return lf > 0 ? "lf" : crlf > 0 ? "crlf" : "cr";
}
