// A registered symbol is the same in every copy of this module.
const BRAND = Symbol.for("@read/cli:UsageError");

/**
 * A mistake in how `read-tool` was invoked: printed as one line on stderr, exit code 2.
 *
 * `instanceof UsageError` holds across copies of this module: `read-tool` runs a bundle that holds one,
 * while the commands it leaves out (`mcp`, `repl`) throw from the one in `dist/`.
 */
export class UsageError extends Error {
  override readonly name = "UsageError";

  constructor(message: string) {
    super(message);
    Object.defineProperty(this, BRAND, { value: true });
  }

  static override [Symbol.hasInstance](value: unknown): boolean {
    if (this !== UsageError) return Function.prototype[Symbol.hasInstance].call(this, value);
    return typeof value === "object" && value !== null && (value as { [BRAND]?: unknown })[BRAND] === true;
  }
}
