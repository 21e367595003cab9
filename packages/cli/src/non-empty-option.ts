import { UsageError } from "./usage-error.js";

/**
 * The value of a path option (`--root`, `--config`), refused when it is empty: resolved from the current
 * directory, an empty value (an unset variable in a script) would name the current directory itself, so
 * the command would silently run somewhere nobody chose. `expected` says what to give instead.
 *
 * @throws UsageError `--root is empty; give a directory ...`.
 */
export function nonEmptyOption(flag: string, value: string | undefined, expected: string): string | undefined {
  if (value === "") throw new UsageError(`${flag} is empty; give ${expected}`);
  return value;
}

/** What `--root` takes, as {@link nonEmptyOption} says it. */
export const ROOT_EXPECTED = "a directory (an empty --root is refused, not taken as the current directory)";
