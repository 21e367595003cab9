/** How long a permission prompt ignores every key after it appears, at the least (issue 16). */
export const MIN_PROMPT_GRACE_MS = 200;

/** The variable that lengthens the grace (a slow terminal, a person who types ahead a lot, tests). */
export const PROMPT_GRACE_VARIABLE = "READ_TOOL_PROMPT_GRACE_MS";

/**
 * The grace of a permission prompt: {@link MIN_PROMPT_GRACE_MS}, or longer when
 * `READ_TOOL_PROMPT_GRACE_MS` says so (a whole number of milliseconds). It is never shorter: keys a
 * person typed for something else (Up and Enter to run the last command again) must not answer a prompt
 * they have not read.
 */
export function promptGraceMs(env: NodeJS.ProcessEnv = process.env): number {
  const value = env[PROMPT_GRACE_VARIABLE];
  const asked = value !== undefined && /^\d+$/u.test(value) ? Number(value) : MIN_PROMPT_GRACE_MS;
  return Math.max(MIN_PROMPT_GRACE_MS, asked);
}
