import { invalidUtf8File } from "../arbitraries.js";
import { outputField } from "../output-field.js";
import { referenceLines, renderWindow } from "../reference-lines.js";
import { assertProperty, callTool, expect, expectOutcome, permissionAnswers, show, windowInput, withScratch, type SuiteContext } from "../suite-context.js";

/**
 * ALL-invalid-utf8: text with invalid UTF-8 spliced in (random high bytes, truncated multi-byte
 * characters, overlong forms, surrogates, code points past U+10FFFF), read whole. A replacing profile
 * returns every line with each maximal invalid subpart as U+FFFD (the WHATWG decoder's rule) and sets
 * its declared flags; a refusing profile returns its declared error. A profile whose fallback is decided
 * per file (`scope: "file"`) also sets the flags on a page of the first line alone, wherever the invalid
 * bytes lie. A detecting profile (`detect`) names an encoding other than UTF-8 in its declared field and
 * shows as many lines as the file has (their text is the detected encoding's, which the suite does not
 * decode: the legacy encodings of Node's own decoder differ by build).
 */
export async function assertInvalidUtf8(ctx: SuiteContext): Promise<void> {
  const { oracle, read } = ctx;
  const declared = oracle.behaviour.invalidUtf8;
  await assertProperty(ctx, [invalidUtf8File, permissionAnswers(oracle)], async (file, permission) => {
    await withScratch({ files: { "mixed.txt": { bytes: file.bytes } } }, async (workspace) => {
      const lines = referenceLines(file.bytes, oracle);
      const input = windowInput(oracle, "mixed.txt", 1, Math.max(lines.length, 1));
      const called = await callTool(ctx, workspace, input, permission === undefined ? {} : { permission });
      if ("error" in declared) {
        expectOutcome(ctx, called, { error: declared.error }, "a file with invalid UTF-8");
        return;
      }
      if ("detect" in declared) {
        expect(!read.isError(called.output), "a file with invalid UTF-8 is read in a detected encoding", called);
        const encoding = outputField(called.output, declared.field);
        expect(typeof encoding === "string" && encoding !== "" && encoding.toLowerCase() !== "utf-8", `${declared.field} names the detected encoding, not UTF-8`, called);
        const shown = read.content(called.output);
        expect(typeof shown === "string" && (lines.length === 0 ? shown === "" : shown.split("\n").length === lines.length), `every one of the ${lines.length} lines is shown`, called);
        return;
      }
      expect(!read.isError(called.output), "a file with invalid UTF-8 is read with replacement", called);
      expect(read.content(called.output) === renderWindow(oracle, lines, 1), "each invalid sequence is replaced by U+FFFD, the rest is intact", called);
      expect(read.flagsHold(called.output, declared.flags), `the replacement is reported: ${show(declared.flags)}`, called);
      if (declared.scope !== "file" || lines.length < 2 || oracle.request.count === null) return;
      const first = await callTool(ctx, workspace, windowInput(oracle, "mixed.txt", 1, 1), permission === undefined ? {} : { permission });
      expect(!read.isError(first.output) && read.content(first.output) === renderWindow(oracle, lines.slice(0, 1), 1), "the first line alone is read", first);
      expect(read.flagsHold(first.output, declared.flags), `a page of a file with invalid UTF-8 anywhere reports the replacement (scope "file"): ${show(declared.flags)}`, first);
    });
  });
}
