import { parseArgs, type ParseArgsConfig } from "node:util";
import { UsageError } from "./usage-error.js";

type Options = NonNullable<ParseArgsConfig["options"]>;

/** The options every profile-selecting command takes: `--profile`, `--root`, `--config` and `--help`. */
export const COMMON_OPTIONS = {
  profile: { type: "string" },
  root: { type: "string" },
  config: { type: "string" },
  help: { type: "boolean", short: "h" },
} as const satisfies Options;

/** What {@link parseOptions} returns for options `T`: their values, and the positional arguments. */
export type Parsed<T extends Options> = ReturnType<typeof parseArgs<{ args: string[]; options: T; allowPositionals: true; strict: true }>>;

/**
 * Parses a command's arguments strictly: an unknown option, a missing value or more than `positionals`
 * positional arguments is a {@link UsageError} naming it.
 */
export function parseOptions<T extends Options>(args: readonly string[], options: T, positionals = 0): Parsed<T> {
  let parsed: Parsed<T>;
  try {
    parsed = parseArgs({ args: [...args], options, allowPositionals: true, strict: true });
  } catch (error) {
    throw new UsageError((error as Error).message.split("\n")[0] ?? "bad arguments");
  }
  if (parsed.positionals.length > positionals) {
    throw new UsageError(`unexpected argument '${parsed.positionals[positionals]}'`);
  }
  return parsed;
}
