import type { CoreFailure } from "./core-failure.js";

/** The outcome of every core operation: a value, or a {@link CoreFailure} as data (never a throw). */
export type Result<T> = { readonly ok: true; readonly value: T } | { readonly ok: false; readonly failure: CoreFailure };

/** Wraps a value as a successful {@link Result}. */
export function ok<T>(value: T): Result<T> {
  return { ok: true, value };
}

/** Wraps a failure as a failed {@link Result}. */
export function fail<T = never>(failure: CoreFailure): Result<T> {
  return { ok: false, failure };
}
