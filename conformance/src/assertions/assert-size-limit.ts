import { referenceLines, renderWindow } from "../reference-lines.js";
import { callTool, denyIfAsked, expect, expectOutcome, windowInput, withScratch, type SuiteContext } from "../suite-context.js";

/** Text of exactly `bytes` bytes: lines of 64 bytes and a shorter last line. */
export function textOfSize(bytes: number): string {
  const line = `${"0123456789abcdef".repeat(4).slice(0, 63)}\n`;
  return line.repeat(Math.floor(bytes / line.length)) + "x".repeat(bytes % line.length);
}

/** The limit set through the profile's option, when it has one: small enough to write at once. */
const CONFIGURED_LIMIT_BYTES = 100_000;

/**
 * The size limit (set to {@link CONFIGURED_LIMIT_BYTES} through its option when the profile has one): a file of exactly the limit is read (its default window), one byte more gets the
 * declared outcome. When only whole-file reads are limited, a window of the larger file still works;
 * otherwise a window of it is refused too.
 */
export async function assertSizeLimit(ctx: SuiteContext): Promise<void> {
  const { oracle, read } = ctx;
  const declared = oracle.behaviour.sizeLimit;
  if (declared === null) throw new Error("the profile declares no size limit");
  const limit = declared.option === undefined ? declared : { ...declared, bytes: CONFIGURED_LIMIT_BYTES };
  const atLimit = textOfSize(limit.bytes);
  await withScratch({ files: { "at-limit.txt": { text: atLimit }, "over-limit.txt": { text: `${atLimit}y` } } }, async (workspace) => {
    const extras = { ...denyIfAsked(oracle), ...(declared.option === undefined ? {} : { options: { [declared.option]: CONFIGURED_LIMIT_BYTES } }) };
    const lines = referenceLines(Buffer.from(atLimit), oracle);
    const first = lines.slice(0, oracle.window.defaultCount ?? undefined);
    const at = await callTool(ctx, workspace, windowInput(oracle, "at-limit.txt"), extras);
    expect(!read.isError(at.output), `a file of exactly ${limit.bytes} bytes is read`, at);
    expect(read.content(at.output) === renderWindow(oracle, first, 1), `a file of exactly ${limit.bytes} bytes returns its first ${first.length} lines`, at);
    const over = await callTool(ctx, workspace, windowInput(oracle, "over-limit.txt"), extras);
    expectOutcome(ctx, over, limit.outcome, `a file of ${limit.bytes + 1} bytes`);
    if (oracle.request.start === null) return;
    const windowed = await callTool(ctx, workspace, windowInput(oracle, "over-limit.txt", 1, 10), extras);
    if (limit.wholeFileOnly) {
      expect(!read.isError(windowed.output), `a window of a file over the whole-file limit is read`, windowed);
      expect(read.content(windowed.output) === renderWindow(oracle, lines.slice(0, 10), 1), "the window holds lines 1-10", windowed);
    } else {
      expectOutcome(ctx, windowed, limit.outcome, `a window of a file of ${limit.bytes + 1} bytes`);
    }
  });
}
