import type { CoreFailure, ResolvedPath } from "@read/core";

/** What the guard says of a path: read it, refuse it, or ask the person first. */
export type DecisionKind = "granted" | "denied" | "pending";

/**
 * Why a path is denied. `blocked`: a configured blocked pattern; `sensitive`: the sensitive list;
 * `gitignored`: an ignore rule; `invalid`: the input is not a usable path; `error`: a check could not
 * finish (a symlink loop, a permission error, a matcher that threw), which is never an allowance.
 */
export type DenialReason = "blocked" | "sensitive" | "gitignored" | "invalid" | "error";

/** What every decision says of the path. */
interface DecisionFacts {
  /**
   * The absolute path the input resolves to, symlinks followed. For a path that does not exist, where
   * it would land (its longest existing prefix, canonicalised, plus the rest); for a path that could not
   * be resolved at all, the input resolved lexically against the root; `""` for invalid input.
   */
  readonly resolved: string;
  /** One sentence for a person, every path in it quoted and escaped. */
  readonly message: string;
  /** Whether `resolved` lies inside the root. */
  readonly inside: boolean;
  /** Core's resolution of the path, present when the path exists. The only thing a reader may open. */
  readonly target?: ResolvedPath;
  /**
   * The resolution failure: for a path that does not exist (`NOT_FOUND`, or `OUTSIDE_ROOT` for a missing
   * path outside the root) on any decision, or the error behind an `error` or `invalid` denial.
   */
  readonly failure?: CoreFailure;
}

/** The path may be read (`granted`), or may be read once a person allows it (`pending`). */
export interface AllowingDecision extends DecisionFacts {
  readonly decision: "granted" | "pending";
}

/** The path may not be read, for `reason`. */
export interface DenyingDecision extends DecisionFacts {
  readonly decision: "denied";
  readonly reason: DenialReason;
  /** What denied the path: the blocked pattern, the sensitive rule's id, or the gitignore line. */
  readonly rule?: string;
}

/** A guard decision, as data: a denial carries its reason, and only a denial does. */
export type GuardDecision = AllowingDecision | DenyingDecision;
