/** A guard configuration that cannot work (a blocked pattern that can never match, a missing root). */
export class GuardConfigError extends Error {
  /** Every problem found, one sentence each. */
  readonly problems: readonly string[];

  constructor(problems: readonly string[]) {
    super(`Invalid guard configuration: ${problems.join(" ")}`);
    this.name = "GuardConfigError";
    this.problems = problems;
  }
}
