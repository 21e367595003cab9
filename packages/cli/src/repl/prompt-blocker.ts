// ink reads these once, at import, and then draws no live frame at all (only <Static> output), so a
// prompt would be invisible: a person could not see what they are answering.
/** The variables that mark a CI run, as ink reads them. */
export const CI_VARIABLES: readonly string[] = ["CI", "CONTINUOUS_INTEGRATION"];

/**
 * Why the selector cannot be shown to a person on these streams, or `undefined` when it can: keys come
 * from `stdin` and the selector is drawn on `output`, so both must be terminals, and the environment must
 * not mark a CI run (ink's rule: the variable is set and neither `0` nor `false`).
 */
export function promptBlocker(
  stdin: NodeJS.ReadableStream,
  output: NodeJS.WritableStream,
  env: NodeJS.ProcessEnv = process.env,
): string | undefined {
  if ((stdin as { isTTY?: boolean }).isTTY !== true) return "stdin is not a terminal";
  if ((output as { isTTY?: boolean }).isTTY !== true) return "the output is not a terminal";
  const ci = CI_VARIABLES.find((name) => env[name] !== undefined && env[name] !== "0" && env[name] !== "false");
  return ci === undefined ? undefined : `the environment sets ${ci}, in which the terminal UI library draws no interactive prompt`;
}
