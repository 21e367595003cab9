import type { CoreFailure, ResolvedPath } from "@read/core";

/** What the guard says of a path: read it, refuse it, or ask the person first. */
export type DecisionKind = "granted" | "denied" | "pending";

/** What the guard is asked to decide: `read` (the tool's only use) or `write` (always asked about, as in the reference). */
export type GuardOperation = "read" | "write";

/**
 * Why a path is denied. `blocked`: a configured blocked pattern or a default blocked location;
 * `sensitive`: the sensitive list; `gitignored`: an ignore rule; `invalid`: the input is not a usable
 * path (or the operation is unknown); `error`: a check could not finish (a symlink loop, a permission
 * error, a matcher that threw), which is never an allowance.
 */
export type DenialReason = "blocked" | "sensitive" | "gitignored" | "invalid" | "error";

/** What every decision says of the path. */
interface DecisionFacts {
  /**
   * The path as asked: the input cleaned lexically and made absolute against the root (`path.resolve`),
   * the only string resolved and checked; `""` for invalid input.
   */
  readonly lexical: string;
  /**
   * The absolute path the input resolves to, symlinks followed. For a path that cannot be resolved,
   * where it would land (its longest resolvable prefix, canonicalised, plus the rest); `""` for invalid
   * input. For a path outside the root this is for the person who is asked, never for the model.
   */
  readonly resolved: string;
  /** One sentence for a person. It names the path as asked, never the resolved target; paths quoted and escaped. */
  readonly message: string;
  /** Whether `resolved` lies inside the root. */
  readonly inside: boolean;
  /** Core's resolution of the path, present when the path exists. The only thing a reader may open. */
  readonly target?: ResolvedPath;
  /**
   * Why the path cannot be opened: on a granted or pending decision, the resolution failure that shows
   * after the answer (`NOT_FOUND`; outside the root also `SYMLINK_LOOP`, `PERMISSION_DENIED`, ...); on an
   * `error` or `invalid` denial, the failure behind it.
   */
  readonly failure?: CoreFailure;
}

/** The path may be read (`granted`), or may be read once a person allows it (`pending`). */
export interface AllowingDecision extends DecisionFacts {
  readonly decision: "granted" | "pending";
  /**
   * Only on `pending`: the denial that answers once a person allowed the read. A target outside the root
   * is checked (blocked patterns and locations, the sensitive list, gitignore) like any path, but what
   * those checks say of it is news about the outside, so until a person allowed the read the path is
   * pending like any other outside path (issue 30 case 7). With it, `target` is absent: there is nothing
   * to open. A reader must refuse with it after an Allow, and never open the path.
   */
  readonly afterApproval?: DenyingDecision;
}

/** The path may not be read, for `reason`. */
export interface DenyingDecision extends DecisionFacts {
  readonly decision: "denied";
  readonly reason: DenialReason;
  /** What denied the path: the blocked pattern or location, the sensitive rule's id, or the gitignore line. */
  readonly rule?: string;
}

/** A guard decision, as data: a denial carries its reason, and only a denial does. */
export type GuardDecision = AllowingDecision | DenyingDecision;
