import { isDeepStrictEqual } from "node:util";

/**
 * How a config key may be changed by a layer the user does not trust (the workspace's own
 * `read.config.toml`): only in the direction that protects more.
 *
 * - `"lower"`: a number (a limit); a value at most the trusted one is a tightening.
 * - `"on"`: a boolean protection; `true` is a tightening, `false` only when the trusted value is `false`.
 * - `"more"`: a list of patterns that each protect (deny or block); a list holding every trusted entry is
 *   a tightening.
 * - a function: a rule of the profile's own, given the trusted and the layered configs whole (a key whose
 *   meaning depends on another, such as forge's `denied_patterns` on `secrets`); it returns why the layered
 *   value loosens, or `undefined`.
 *
 * A key a profile does not declare protects nothing an untrusted layer may change: only the trusted
 * value itself is accepted there.
 */
export type Tightening = "lower" | "on" | "more" | ((trusted: Readonly<Record<string, unknown>>, layered: Readonly<Record<string, unknown>>) => string | undefined);

/** A key an untrusted layer set to something that protects less than the trusted layers' value. */
export interface Loosening {
  /** The key, as the profile's table spells it. */
  readonly key: string;
  /** Why the value loosens, as a phrase (`turns the protection off`, `raises the limit from 204800 to 9999999`). */
  readonly reason: string;
}

/**
 * The keys among `keys` whose value in `layered` (the trusted config with an untrusted layer's keys put
 * over it, both validated with defaults) protects less than in `trusted`, judged by each key's
 * {@link Tightening} (undeclared keys: only the trusted value is accepted).
 */
export function findLoosenings(
  tightening: Readonly<Record<string, Tightening>>,
  trusted: Readonly<Record<string, unknown>>,
  layered: Readonly<Record<string, unknown>>,
  keys: readonly string[],
): Loosening[] {
  const found: Loosening[] = [];
  for (const key of keys) {
    const reason = looseningOf(tightening[key], trusted[key], layered[key], trusted, layered);
    if (reason !== undefined) found.push({ key, reason });
  }
  return found;
}

function looseningOf(
  rule: Tightening | undefined,
  before: unknown,
  after: unknown,
  trusted: Readonly<Record<string, unknown>>,
  layered: Readonly<Record<string, unknown>>,
): string | undefined {
  if (typeof rule === "function") return rule(trusted, layered);
  if (isDeepStrictEqual(before, after)) return undefined;
  switch (rule) {
    case "lower":
      return typeof before === "number" && typeof after === "number" && after <= before ? undefined : `raises the limit from ${String(before)} to ${String(after)}`;
    case "on":
      return after === true ? undefined : "turns the protection off";
    case "more": {
      const kept = Array.isArray(after) ? new Set(after) : new Set();
      const dropped = Array.isArray(before) ? before.filter((entry) => !kept.has(entry)) : [];
      return dropped.length === 0 ? undefined : `drops ${dropped.length === 1 ? "the entry" : "the entries"} ${dropped.map((entry) => JSON.stringify(entry)).join(", ")}`;
    }
    case undefined:
      return "changes a setting that is not a protection (only your own configuration may set it)";
  }
}
