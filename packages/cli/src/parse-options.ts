import { parseArgs, type ParseArgsConfig } from "node:util";
import { closestName } from "./closest-name.js";
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
 * Parses the arguments of `command` (`read-tool call`) strictly, in the tool's own words: each mistake is
 * a {@link UsageError} of one line naming it.
 *
 * - An unknown option names the closest one the command takes (`unknown option '--lnes'; did you mean
 *   '--lines'?`), else lists them.
 * - An option that takes a value takes the next argument whatever it starts with, as getopt does, so
 *   `--lines -1` reaches the command's own check ("--lines must be a positive integer, got '-1'") rather
 *   than a parser's "ambiguous"; only another long option there (`--lines --root x`) is taken for a
 *   forgotten value (`--lines=--x` gives such a value).
 * - A flag given a value, or more than `positionals` positional arguments, is refused naming it.
 */
export function parseOptions<T extends Options>(command: string, args: readonly string[], options: T, positionals = 0): Parsed<T> {
  const { tokens } = parseArgs({ args: [...args], options, allowPositionals: true, strict: false, tokens: true });
  // The arguments again, each option written `--name=value`: the strict parse below then has nothing to guess.
  const normal: string[] = [];
  let found = 0;
  for (const token of tokens) {
    if (token.kind === "option-terminator") {
      normal.push("--");
      continue;
    }
    if (token.kind === "positional") {
      if (++found > positionals) throw new UsageError(`unexpected argument '${token.value}'${positionals === 0 ? ` (${command} takes none)` : ""}`);
      // After `--`, a positional argument stays one whatever it looks like.
      normal.push(token.value);
      continue;
    }
    const spec = options[token.name];
    if (spec === undefined) throw new UsageError(unknownOption(command, token.rawName, options));
    if (spec.type === "boolean") {
      if (token.value !== undefined) throw new UsageError(`${token.rawName} takes no value, got '${token.value}'`);
      normal.push(`--${token.name}`);
      continue;
    }
    if (token.value === undefined) throw new UsageError(`${token.rawName} needs a value`);
    if (!token.inlineValue && token.value.startsWith("--")) {
      throw new UsageError(`${token.rawName} needs a value, got the option '${token.value}' (for a value that starts with --, write ${token.rawName}=VALUE)`);
    }
    normal.push(`--${token.name}=${token.value}`);
  }
  return parseArgs({ args: normal, options, allowPositionals: true, strict: true });
}

/** The message for an option `command` does not take: the closest it does take, else all of them. */
export function unknownOption(command: string, rawName: string, options: Options): string {
  const names = Object.keys(options);
  const typed = rawName.replace(/^--?/u, "");
  const meant = closestName(typed, names, 2);
  if (meant !== undefined) return `unknown option '${rawName}'; did you mean '--${meant}'?`;
  return `unknown option '${rawName}'; ${command} takes ${names.map((name) => `--${name}`).join(", ")}`;
}
