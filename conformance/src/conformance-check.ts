import type { Oracle } from "./oracle.js";
import type { SuiteContext } from "./suite-context.js";

/** One check of the suite, run against one profile at a time. */
export interface ConformanceCheck {
  /** Stable and unique (`paging`, `golden/envelope/truncated-example`); expected failures name checks by it. */
  readonly id: string;
  readonly title: string;
  /** The requirement IDs a pass proves for this profile. */
  requirements(oracle: Oracle): readonly string[];
  /** Why the check does not apply to a profile (`null`: it applies). */
  notApplicable(oracle: Oracle): string | null;
  /** Resolves when the profile conforms (with notes worth reporting); throws a failure otherwise. */
  run(ctx: SuiteContext): Promise<readonly string[] | void>;
  /**
   * The check's calls or their outputs differ from run to run (it races the tool against concurrent
   * changes, drives it concurrently, or reads what belongs to the process that runs it, under
   * `/proc/self`): two runs are compared by their result only, never call for call.
   */
  readonly runDependent?: boolean;
}

/** What a check of the universal suite declares. */
export interface UniversalCheckSpec {
  readonly id: string;
  readonly title: string;
  /** The universal (`ALL-*`) requirement IDs it proves for every profile it applies to. */
  readonly universal: readonly string[];
  readonly notApplicable?: (oracle: Oracle) => string | null;
  /** See {@link ConformanceCheck.runDependent}. */
  readonly runDependent?: boolean;
  readonly run: (ctx: SuiteContext) => Promise<readonly string[] | void>;
}

/**
 * A check of the universal suite: it proves its universal IDs, plus the profile's own IDs that the
 * profile's oracle lists under the check's ID in `proves`.
 */
export function universalCheck(spec: UniversalCheckSpec): ConformanceCheck {
  return {
    id: spec.id,
    title: spec.title,
    requirements: (oracle) => [...spec.universal, ...(oracle.proves[spec.id] ?? [])],
    notApplicable: spec.notApplicable ?? (() => null),
    ...(spec.runDependent === true ? { runDependent: true } : {}),
    run: spec.run,
  };
}
