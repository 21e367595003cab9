import { nulFile } from "../arbitraries.js";
import { referenceLines, renderWindow } from "../reference-lines.js";
import { assertProperty, callTool, expect, expectOutcome, permissionAnswers, show, windowInput, withScratch, type SuiteContext } from "../suite-context.js";

/**
 * ALL-binary-sniff: a text file with one NUL byte at the first byte, inside the sniff window, at its
 * last byte, just past it and beyond it. Within the window (anywhere, for a profile that checks the
 * whole file) the file is binary: the declared error, or the declared payload (the file's bytes,
 * base64) with its flags. Past the window it is text and the NUL is returned as U+0000.
 */
export async function assertBinarySniff(ctx: SuiteContext): Promise<void> {
  const { oracle, read } = ctx;
  const { sniffBytes, outcome } = oracle.behaviour.binary;
  await assertProperty(ctx, [nulFile(sniffBytes), permissionAnswers(oracle)], async (file, permission) => {
    await withScratch({ files: { "nul.dat": { bytes: file.bytes } } }, async (workspace) => {
      const extras = permission === undefined ? {} : { permission };
      const binary = sniffBytes === null || file.offset < sniffBytes;
      const what = `a NUL at byte ${file.offset} (${file.placement}; sniff window ${sniffBytes ?? "the whole file"})`;
      if (binary) {
        const called = await callTool(ctx, workspace, windowInput(oracle, "nul.dat"), extras);
        if ("error" in outcome) {
          expectOutcome(ctx, called, outcome, `${what} makes the file binary`);
          return;
        }
        expect(!read.isError(called.output), `${what}: the binary file is returned as a payload`, called);
        const payload = read.content(called.output);
        expect(payload === Buffer.from(file.bytes).toString("base64"), `${what}: the payload is the file's bytes in base64`, called);
        expect(read.flagsHold(called.output, outcome.payload.flags), `${what}: the payload is flagged ${show(outcome.payload.flags)}`, called);
        return;
      }
      const lines = referenceLines(file.bytes, oracle).slice(0, oracle.window.maxCount ?? undefined);
      const called = await callTool(ctx, workspace, windowInput(oracle, "nul.dat", 1, lines.length), extras);
      expect(!read.isError(called.output), `${what} is past the sniff window: the file is text`, called);
      expect(read.content(called.output) === renderWindow(oracle, lines, 1), `${what}: the text is returned with the NUL as U+0000`, called);
    });
  });
}
