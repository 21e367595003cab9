import type { EnvelopeOutput } from "./output.js";

/**
 * An output with its time fields zeroed (`stats.time_ms` and the `(Took Xms)` line of `text`), so two
 * outputs of the same call compare equal. The golden fixtures are written in this form.
 */
export function maskTime(output: EnvelopeOutput): EnvelopeOutput {
  const text = output.text.replace(/^\(Took \d+ms\)$/mu, "(Took 0ms)");
  return output.status === "error"
    ? { ...output, text, stats: { ...output.stats, time_ms: 0 } }
    : { ...output, text, stats: { ...output.stats, time_ms: 0 } };
}
