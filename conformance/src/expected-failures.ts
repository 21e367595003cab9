import fs from "node:fs";
import { fileURLToPath } from "node:url";
import { z } from "zod";
import type { CheckResult } from "./run-suite.js";

/** One known failure: a check that fails for a profile (through one adapter, or any), and why. */
export const expectedFailureSchema = z.strictObject({
  profile: z.string().min(1),
  check: z.string().min(1),
  /** Only through this adapter (`in-process`, `subprocess`); absent: through any. */
  adapter: z.string().optional(),
  /** Why it fails and what would fix it; required, so the list never silently grows. */
  reason: z.string().min(10),
});
export type ExpectedFailure = z.infer<typeof expectedFailureSchema>;

/** The expected-failures file (`conformance/expected-failures.json`). */
export const expectedFailuresFileSchema = z.strictObject({
  $comment: z.string().optional(),
  failures: z.array(expectedFailureSchema),
});

/** This repository's expected failures. */
export const EXPECTED_FAILURES_FILE = new URL("../expected-failures.json", import.meta.url);

/**
 * Loads and validates an expected-failures file; throws an error whose message names the file and says
 * what is wrong with it (missing or unreadable, not JSON, or not of the schema).
 */
export function loadExpectedFailures(file: string | URL = EXPECTED_FAILURES_FILE): readonly ExpectedFailure[] {
  const name = file instanceof URL ? fileURLToPath(file) : file;
  let text: string;
  try {
    text = fs.readFileSync(file, "utf8");
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    throw new Error(`${name}: ${code === "ENOENT" ? "no such file" : `cannot be read (${code ?? (error as Error).message})`}`);
  }
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch (error) {
    throw new Error(`${name}: not JSON (${(error as Error).message})`);
  }
  const parsed = expectedFailuresFileSchema.safeParse(json);
  if (!parsed.success) throw new Error(`${name}: not an expected-failures file ({ "failures": [{ "profile", "check", "reason" }] }):\n${z.prettifyError(parsed.error)}`);
  return parsed.data.failures;
}

/** A check result once the expected failures are applied. */
export interface JudgedResult extends Omit<CheckResult, "status"> {
  /** `xfail`: failed as listed; `xpass`: listed but passed, which fails the run (the list may only shrink). */
  readonly status: CheckResult["status"] | "xfail" | "xpass";
  readonly expectedFailure?: string;
}

/** Results judged against the list, and the entries that are stale (they matched nothing that failed). */
export interface Judgement {
  readonly results: readonly JudgedResult[];
  /** Entries that matched a passing check, or no check at all among the profiles and adapters that ran. */
  readonly stale: readonly (ExpectedFailure & { readonly why: string })[];
}

/**
 * Applies expected failures: a listed check that fails is `xfail`, a listed check that passes is
 * `xpass`, and an entry that matches no check of a profile and adapter that ran is stale. Both fail the
 * run, so an entry must be removed as soon as its check passes.
 */
export function judgeResults(results: readonly CheckResult[], failures: readonly ExpectedFailure[]): Judgement {
  const matches = (entry: ExpectedFailure, result: CheckResult) =>
    entry.profile === result.profile && entry.check === result.check && (entry.adapter === undefined || entry.adapter === result.adapter);
  const judged = results.map((result): JudgedResult => {
    const entry = failures.find((candidate) => matches(candidate, result));
    if (entry === undefined) return result;
    if (result.status === "fail") return { ...result, status: "xfail", expectedFailure: entry.reason };
    if (result.status === "pass") return { ...result, status: "xpass", expectedFailure: entry.reason };
    return { ...result, expectedFailure: entry.reason };
  });
  const ran = (entry: ExpectedFailure) => results.some((result) => result.profile === entry.profile && (entry.adapter === undefined || entry.adapter === result.adapter));
  const stale = failures.flatMap((entry) => {
    if (!ran(entry)) return [];
    const matched = results.filter((result) => matches(entry, result));
    if (matched.length === 0) return [{ ...entry, why: "no such check ran for this profile" }];
    if (matched.every((result) => result.status !== "fail")) return [{ ...entry, why: "the check no longer fails: remove the entry" }];
    return [];
  });
  return { results: judged, stale };
}
