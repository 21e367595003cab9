import type { CoreFailure, ResolvedPath } from "@read/core";

/** What the guard says of a path: read it, refuse it, or ask the person first. */
export type DecisionKind = "granted" | "denied" | "pending";

/**
 * Why a path is denied. `blocked`: a configured blocked pattern; `sensitive`: the sensitive list;
 * `gitignored`: an ignore rule; `invalid`: the input is not a usable path; `error`: a check could not
 * finish (a symlink loop, a permission error, a matcher that threw), which is never an allowance.
 */
export type DenialReason = "blocked" | "sensitive" | "gitignored" | "invalid" | "error";

/** A guard decision, as data. */
export interface GuardDecision {
  readonly decision: DecisionKind;
  /**
   * The absolute path the input resolves to, symlinks followed. For a path that does not exist, where
   * it would land (its longest existing prefix, canonicalised, plus the rest); for a path that could not
   * be resolved at all, the input resolved lexically against the root; `""` for invalid input.
   */
  readonly resolved: string;
  /** Present exactly when `decision` is `denied`. */
  readonly reason?: DenialReason;
  /** One sentence for a person, every path in it quoted and escaped. */
  readonly message: string;
  /** Whether `resolved` lies inside the root. */
  readonly inside: boolean;
  /** What denied the path: the blocked pattern, the sensitive rule's id, or the gitignore line. */
  readonly rule?: string;
  /** Core's resolution of the path, present when the path exists. The only thing a reader may open. */
  readonly target?: ResolvedPath;
  /**
   * The resolution failure: for a path that does not exist (`NOT_FOUND`, or `OUTSIDE_ROOT` for a missing
   * path outside the root) on any decision, or the error behind an `error` or `invalid` denial.
   */
  readonly failure?: CoreFailure;
}
