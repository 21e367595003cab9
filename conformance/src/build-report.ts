import type { ExpectedFailure, JudgedResult } from "./expected-failures.js";
import { requirementsOf, type Requirement } from "./load-requirements.js";
import type { Oracle } from "./oracle.js";

/**
 * A requirement's state for one profile, across every adapter that ran. `package`: proved by this
 * repository's own package tests (only for its own profiles); `untested`: nothing proves it, which fails
 * the run; `unchecked`: an outside implementation's requirement no check of the harness observes (the
 * definition of done of a package, a terminal prompt): not checked, never counted as passed.
 */
export type CellStatus = "pass" | "fail" | "xfail" | "n/a" | "package" | "untested" | "unchecked";

/** One cell of the matrix: a requirement for a profile, and what decided it. */
export interface RequirementCell {
  readonly id: string;
  readonly level: Requirement["level"];
  readonly summary: string;
  readonly status: CellStatus;
  /** The checks that name it for this profile. */
  readonly checks: readonly string[];
  /** Package test files naming it (`file:line`), the evidence for `package`. */
  readonly packageTests: readonly string[];
  /** Why it does not apply, for `n/a`. */
  readonly reason?: string;
}

/** One check of one profile, with its result through each adapter. */
export interface CheckRow {
  readonly check: string;
  readonly title: string;
  readonly requirements: readonly string[];
  /** Its notes (race tallies, descriptor counts) differ from run to run; the tracked report leaves them out. */
  readonly runDependent?: true;
  readonly results: Readonly<Record<string, Pick<JudgedResult, "status" | "message" | "notes" | "expectedFailure">>>;
}

export interface ProfileReport {
  readonly profile: string;
  readonly checks: readonly CheckRow[];
  readonly requirements: readonly RequirementCell[];
}

/** Everything `pnpm conformance` found, as data (`docs/conformance.json`). */
export interface ConformanceReport {
  readonly seed: number;
  /** Property runs per check, by adapter. */
  readonly runs: Readonly<Record<string, number>>;
  readonly adapters: readonly string[];
  readonly profiles: readonly ProfileReport[];
  readonly stale: readonly (ExpectedFailure & { readonly why: string })[];
  /** No failure, no listed failure that passed, no stale entry, no requirement left untested. */
  readonly ok: boolean;
  /** Set by `stableReport`: the notes of run-dependent checks were left out, so that a run with the same seed writes the same report. */
  readonly runDependentNotes?: "left out";
}

/** What {@link buildReport} combines. */
export interface ReportInput {
  readonly seed: number;
  readonly runs: Readonly<Record<string, number>>;
  readonly adapters: readonly string[];
  readonly oracles: readonly Oracle[];
  readonly requirements: readonly Requirement[];
  readonly results: readonly JudgedResult[];
  readonly stale: readonly (ExpectedFailure & { readonly why: string })[];
  /**
   * Package test references by requirement ID, when the implementations are this repository's own
   * profiles; absent for an outside implementation, whose requirements only checks can prove.
   */
  readonly packageTests?: ReadonlyMap<string, readonly string[]>;
}

/**
 * Builds the matrix: for each profile, each requirement of its spec and each universal one, decided by
 * the checks that name it (a failure anywhere fails it; an expected failure marks it `xfail`), else by
 * the package tests that name it (`package`, this repository's profiles only), else `n/a` when every
 * check naming it does not apply, else `untested` (this repository's profiles: a failure) or
 * `unchecked` (an outside implementation: reported, neither passed nor failed).
 */
export function buildReport(input: ReportInput): ConformanceReport {
  const profiles = input.oracles.map((oracle): ProfileReport => {
    const own = input.results.filter((result) => result.profile === oracle.profile);
    const checkIds = [...new Set(own.map((result) => result.check))];
    const checks = checkIds.map((check): CheckRow => {
      const rows = own.filter((result) => result.check === check);
      const first = rows[0];
      return {
        check,
        title: first?.title ?? check,
        requirements: first?.requirements ?? [],
        ...(first?.runDependent === true ? { runDependent: true as const } : {}),
        results: Object.fromEntries(
          rows.map((row) => [
            row.adapter,
            {
              status: row.status,
              ...(row.message === undefined ? {} : { message: row.message }),
              ...(row.notes === undefined ? {} : { notes: row.notes }),
              ...(row.expectedFailure === undefined ? {} : { expectedFailure: row.expectedFailure }),
            },
          ]),
        ),
      };
    });
    const requirements = requirementsOf(input.requirements, oracle.profile).map((requirement): RequirementCell => {
      const proving = own.filter((result) => result.requirements.includes(requirement.id));
      const packageTests = input.packageTests?.get(requirement.id) ?? [];
      const status = cellStatus(proving, packageTests.length > 0, input.packageTests === undefined);
      const reason = status === "n/a" ? proving.find((result) => result.message !== undefined)?.message : undefined;
      return {
        id: requirement.id,
        level: requirement.level,
        summary: requirement.summary,
        status,
        checks: [...new Set(proving.map((result) => result.check))],
        packageTests,
        ...(reason === undefined ? {} : { reason }),
      };
    });
    return { profile: oracle.profile, checks, requirements };
  });
  const failed = profiles.some(
    (profile) =>
      profile.requirements.some((cell) => cell.status === "fail" || cell.status === "untested") ||
      profile.checks.some((row) => Object.values(row.results).some((result) => result.status === "fail" || result.status === "xpass")),
  );
  const runs = Object.fromEntries(input.adapters.map((adapter) => [adapter, input.runs[adapter] ?? 0]));
  return { seed: input.seed, runs, adapters: input.adapters, profiles, stale: input.stale, ok: !failed && input.stale.length === 0 };
}

function cellStatus(proving: readonly JudgedResult[], packaged: boolean, outside: boolean): CellStatus {
  if (proving.some((result) => result.status === "fail" || result.status === "xpass")) return "fail";
  if (proving.some((result) => result.status === "xfail")) return "xfail";
  if (proving.some((result) => result.status === "pass")) return "pass";
  if (packaged) return "package";
  if (proving.length > 0) return "n/a";
  return outside ? "unchecked" : "untested";
}
