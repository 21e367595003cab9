import { assertAnswerBounds } from "./assertions/assert-answer-bounds.js";
import { assertBinarySniff } from "./assertions/assert-binary-sniff.js";
import { assertContainment } from "./assertions/assert-containment.js";
import { assertCountRange } from "./assertions/assert-count-range.js";
import { assertDefaultWindow } from "./assertions/assert-default-window.js";
import { assertDefinition } from "./assertions/assert-definition.js";
import { assertDocumentCancel } from "./assertions/assert-document-cancel.js";
import { assertDocumentHost } from "./assertions/assert-document-host.js";
import { assertDeterminism } from "./assertions/assert-determinism.js";
import { assertEmptyFile } from "./assertions/assert-empty-file.js";
import { assertInvalidUtf8 } from "./assertions/assert-invalid-utf8.js";
import { assertLargeFiles } from "./assertions/assert-large-files.js";
import { assertLineEndings } from "./assertions/assert-line-endings.js";
import { assertModelText } from "./assertions/assert-model-text.js";
import { assertNotFound } from "./assertions/assert-not-found.js";
import { assertOutsideRoot } from "./assertions/assert-outside-root.js";
import { assertPaging } from "./assertions/assert-paging.js";
import { assertPathEcho } from "./assertions/assert-path-echo.js";
import { assertPermissionAsksAgain } from "./assertions/assert-permission-asks-again.js";
import { assertSizeLimit } from "./assertions/assert-size-limit.js";
import { assertSpecialFiles } from "./assertions/assert-special-files.js";
import { assertStartBoundaries } from "./assertions/assert-start-boundaries.js";
import { assertTokenBudget } from "./assertions/assert-token-budget.js";
import { assertTokenCorpus } from "./assertions/assert-token-corpus.js";
import { assertToolNames } from "./assertions/assert-tool-names.js";
import { universalCheck, type ConformanceCheck } from "./conformance-check.js";
import type { Oracle } from "./oracle.js";

/**
 * The suite every profile runs: one list, no special cases. Where a profile differs, its oracle says
 * how, and a check that cannot apply says why (`n/a` in the matrix), never by the profile's name.
 */
export const UNIVERSAL_CHECKS: readonly ConformanceCheck[] = [
  universalCheck({ id: "paging", title: "Paging with the continuation reproduces the file's lines", universal: ["ALL-paging"], run: assertPaging }),
  universalCheck({ id: "determinism", title: "The same call gives the same output (time masked)", universal: ["ALL-determinism"], run: assertDeterminism }),
  universalCheck({ id: "containment", title: "No content from outside the root, whatever the path string", universal: ["ALL-containment"], run: assertContainment }),
  universalCheck({ id: "line-endings", title: "LF, CRLF and mixed endings, with and without a final newline", universal: ["ALL-crlf"], run: assertLineEndings }),
  universalCheck({
    id: "large-files",
    title: "Settled large files, CRLF and characters straddling 64 KiB boundaries, read again and again, then rewritten",
    universal: ["ALL-paging", "ALL-crlf"],
    run: assertLargeFiles,
  }),
  universalCheck({ id: "empty-file", title: "An empty file", universal: ["ALL-empty"], run: assertEmptyFile }),
  universalCheck({
    id: "start-boundary",
    title: "Start line 0, 1, the last, one past, far past, and a window ending at EOF",
    universal: ["ALL-start-boundary"],
    notApplicable: (oracle) => (oracle.request.start === null ? "the tool has no start line parameter" : null),
    run: assertStartBoundaries,
  }),
  universalCheck({ id: "invalid-utf8", title: "Invalid UTF-8: random bytes, truncated characters, overlong forms", universal: ["ALL-invalid-utf8"], run: assertInvalidUtf8 }),
  universalCheck({ id: "binary-sniff", title: "NUL at the first byte, inside the sniff window, just past it", universal: ["ALL-binary-sniff"], run: assertBinarySniff }),
  universalCheck({ id: "special-files", title: "Directories, FIFOs, sockets and devices are refused at once", universal: ["ALL-special-files"], run: assertSpecialFiles }),
  universalCheck({ id: "not-found", title: "Missing files and dangling links", universal: [], run: assertNotFound }),
  universalCheck({ id: "outside-root", title: "Paths resolving outside the root get the declared outcome", universal: ["ALL-containment"], run: assertOutsideRoot }),
  universalCheck({
    id: "size-limit",
    title: "A file of exactly the size limit is read, one byte more is refused",
    universal: [],
    notApplicable: (oracle) => (oracle.behaviour.sizeLimit === null ? "the profile has no size limit" : null),
    run: assertSizeLimit,
  }),
  universalCheck({
    id: "path-echo",
    title: "The echoed path has the declared form for relative, dotted and absolute inputs",
    universal: [],
    notApplicable: (oracle) => (oracle.output.path === null ? "the output echoes no path" : null),
    run: assertPathEcho,
  }),
  universalCheck({ id: "default-window", title: "A call with only a path returns the default window", universal: [], run: assertDefaultWindow }),
  universalCheck({
    id: "count-range",
    title: "A count out of range is refused, never clamped",
    universal: [],
    notApplicable: (oracle) => (oracle.behaviour.countOutOfRange === null ? "the tool has no count parameter" : null),
    run: assertCountRange,
  }),
  universalCheck({ id: "tool-names", title: "The tool's name and each alias reach the same tool", universal: [], run: assertToolNames }),
  universalCheck({
    id: "definition",
    title: "The published definition is exactly the one the spec fixes",
    universal: [],
    notApplicable: (oracle) => (oracle.definition === undefined ? "the spec fixes no definition" : null),
    run: assertDefinition,
  }),
  universalCheck({
    id: "answer-bounds",
    title: "A count past the line bound shows the bound's lines; a page stops on a whole line within the byte bound (content JSON-escaped), with a notice",
    universal: [],
    notApplicable: (oracle) => (oracle.answerBounds === undefined ? "the oracle declares no answer bounds" : oracle.request.count === null ? "the tool has no count parameter" : null),
    run: assertAnswerBounds,
  }),
  universalCheck({
    id: "token-budget",
    title: "Under a token budget every answer stays within it by the documented estimate and stops where that estimate says, moving on to the end",
    universal: [],
    notApplicable: hasNoTokenBudget,
    run: assertTokenBudget,
  }),
  universalCheck({
    id: "token-corpus",
    title: "On the token corpus the documented estimate of every answer is at least its o200k and cl100k counts and at most 1.25 times the larger; a budget holds real counts",
    universal: [],
    notApplicable: hasNoTokenBudget,
    run: assertTokenCorpus,
  }),
  universalCheck({
    id: "model-text",
    title: "The text a model receives is the output in its declared form: JSON, or the fields as one line of JSON and then the content unescaped",
    universal: [],
    run: assertModelText,
  }),
  universalCheck({
    id: "document-host",
    title: "A document parsed past its bounds: the host answers other reads meanwhile, the parse ends in the declared error, and nothing of it runs on",
    universal: [],
    notApplicable: parsesNoDocuments,
    runDependent: true,
    run: assertDocumentHost,
  }),
  universalCheck({
    id: "document-cancel",
    title: "A call cancelled while it parses a document rejects with the reason at once, and its parse stops",
    universal: [],
    notApplicable: parsesNoDocuments,
    runDependent: true,
    run: assertDocumentCancel,
  }),
  universalCheck({
    id: "permission-asks-again",
    title: "Every outside read asks again: allow, deny, allow, deny on the same path",
    universal: [],
    notApplicable: (oracle) => (oracle.behaviour.outsideRootAllowed === null || !oracle.permissionModes.includes("allow") || !oracle.permissionModes.includes("deny") ? "the tool asks no one before a read" : null),
    run: assertPermissionAsksAgain,
  }),
];

function parsesNoDocuments(oracle: Oracle): string | null {
  return oracle.adversarial?.documents === undefined ? "the profile parses no documents (the oracle's adversarial.documents)" : null;
}

function hasNoTokenBudget(oracle: Oracle): string | null {
  return oracle.tokenBudget === undefined ? "the tool has no token budget (the oracle's tokenBudget)" : null;
}
