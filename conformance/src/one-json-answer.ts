import type { Completed } from "./run-process.js";

/**
 * The one JSON document a child process wrote to stdout. A nonzero exit is an error naming `shown` (the
 * command as a person would read it), the exit code and stderr; stdout that is not one JSON document is
 * an error showing its start.
 */
export function oneJsonAnswer(completed: Completed, shown: string): unknown {
  if (completed.code !== 0) throw new Error(`${shown}: exit ${String(completed.code)}: ${completed.stderr.trim() || "(no stderr)"}`);
  try {
    return JSON.parse(completed.stdout) as unknown;
  } catch {
    throw new Error(`${shown}: stdout is not one JSON document: ${truncate(completed.stdout)}`);
  }
}

/** `text` cut to 300 characters, with `...` when it was longer. */
export function truncate(text: string): string {
  return text.length > 300 ? `${text.slice(0, 300)}...` : text;
}
