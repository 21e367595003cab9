import { escapeText, quoteText } from "./escape-text.js";

// A registered symbol is the same in every copy of this module.
const BRAND = Symbol.for("@read/core:ProfileConfigError");

/**
 * A profile's options could not be used: an unknown key, a wrong type or value, or a workspace root that
 * is empty or not a directory. Thrown by `createTool` (and by `ProfileModule.parseConfig`), never by `call`. The
 * message names the profile, the key, the reason and the accepted keys, in one format for every profile:
 *
 * `forge: invalid option 'max_scan_bytes' in [tools.read_file]: expected a positive integer, got 1.5 (accepted keys: max_file_read_bytes, max_scan_bytes, show_line_numbers)`
 *
 * The key comes from the user's config file, so the message quotes it with `quoteText`, and every other
 * part passes through `escapeText`: no control, bidi or line-separator character reaches a terminal or a
 * log raw (`'a\x1b[31mRED\u202e'`). The properties keep the key and the reason as given.
 *
 * `instanceof ProfileConfigError` holds for this error from any copy of `@read/core`: a profile of one's
 * own loaded by path brings its own copy, and `read-tool` runs a bundle with another.
 */
export class ProfileConfigError extends Error {
  override readonly name = "ProfileConfigError";
  /** The profile whose options were refused. */
  readonly profile: string;
  /** The offending key as a dotted path inside the profile's table (`blocked.2`), `root`, or `""` for the table itself. */
  readonly key: string;
  /** What is wrong with it, as a phrase (`unknown key`, `expected a boolean, got "yes"`). */
  readonly reason: string;
  /** The keys the profile's table accepts. */
  readonly accepted: readonly string[];
  /** The table as `read.config.toml` spells it (`tools.read_file`). */
  readonly table: string;

  constructor(details: { profile: string; table: string; key: string; reason: string; accepted: readonly string[] }) {
    const table = `[${escapeText(details.table)}]`;
    const where = details.key === "root" ? "workspace root" : details.key === "" ? table : `option ${quoteText(details.key)} in ${table}`;
    const accepted = details.key === "root" ? "" : ` (accepted keys: ${details.accepted.length === 0 ? "none" : escapeText(details.accepted.join(", "))})`;
    super(`${escapeText(details.profile)}: invalid ${where}: ${escapeText(details.reason)}${accepted}`);
    this.profile = details.profile;
    this.table = details.table;
    this.key = details.key;
    this.reason = details.reason;
    this.accepted = details.accepted;
    Object.defineProperty(this, BRAND, { value: true });
  }

  static override [Symbol.hasInstance](value: unknown): boolean {
    if (this !== ProfileConfigError) return Function.prototype[Symbol.hasInstance].call(this, value);
    return typeof value === "object" && value !== null && (value as { [BRAND]?: unknown })[BRAND] === true;
  }
}
