import { stringify } from "smol-toml";

/**
 * Writes options as one TOML table at a dotted table path (`[tools.read_file]`), with `smol-toml`.
 * Values are strings, integers, booleans and arrays of those: what profile config tables hold. A value
 * TOML cannot carry as it is (`null`, a float, a string with a lone surrogate, which TOML's Unicode
 * strings cannot hold) is refused rather than dropped or changed.
 */
export function toToml(table: readonly string[], options: Readonly<Record<string, unknown>>): string {
  for (const [key, value] of Object.entries(options)) check(value, key);
  let document: Record<string, unknown> = { ...options };
  for (const name of [...table].reverse()) document = { [name]: document };
  return stringify(document);
}

// Without the u flag, so that it sees the units of a pair: a high not followed by a low, or a low alone.
const LONE_SURROGATE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;

function check(value: unknown, key: string): void {
  if (typeof value === "string" && !LONE_SURROGATE.test(value)) return;
  if (typeof value === "boolean" || (typeof value === "number" && Number.isSafeInteger(value))) return;
  if (Array.isArray(value)) {
    for (const item of value) check(item, key);
    return;
  }
  throw new Error(`the option '${key}' cannot be written as TOML: ${JSON.stringify(value)}`);
}
