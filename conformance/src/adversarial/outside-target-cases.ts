import type { Oracle } from "../oracle.js";
import type { ScratchLayout } from "../scratch-workspace.js";
import { denyIfAsked, windowInput } from "../suite-context.js";
import { failed, judgeOutput, refuses, type AdversarialCase, type CaseResult, type CaseRun, type Expect } from "./adversarial-case.js";
import { boundedCall } from "./bounded-call.js";
import { PATHS_LAYOUT } from "./layouts.js";
import { lastIsLink, OUTSIDE, pathCase } from "./path-case.js";

/** Links out of the root to a system file and to a secret, beside `link-out` (an ordinary outside file). */
const TARGETS_LAYOUT: ScratchLayout = {
  ...PATHS_LAYOUT,
  files: { ...PATHS_LAYOUT.files, "link-etc": { symlink: "/etc/hostname" }, "link-secret": { symlink: "../outside/.env" } },
};

/** The three links whose answers must not tell their targets apart before a person allowed the read. */
const ALIKE = ["link-out", "link-etc", "link-secret"] as const;

const BEFORE_ALLOW = lastIsLink(OUTSIDE);

/** What a profile that asks gives once the person allowed an ordinary outside read; a profile that never asks refuses it. */
const allowedOutside = (oracle: Oracle) => (oracle.permissionModes.includes("allow") ? (oracle.behaviour.outsideRootAllowed ?? oracle.behaviour.outsideRoot) : oracle.behaviour.outsideRoot);

/** Once a person allowed the read: the profile's refusal of a system location, else what any allowed outside read gives. */
const SYSTEM_ALLOWED: Expect = lastIsLink((oracle, adversarial) => ({
  outcome: oracle.permissionModes.includes("allow") ? (adversarial.systemLocation ?? allowedOutside(oracle)) : oracle.behaviour.outsideRoot,
}));

/** Once a person allowed the read: the profile's refusal of a secret, else what any allowed outside read gives. */
const SECRET_ALLOWED: Expect = lastIsLink((oracle, adversarial) => ({
  outcome: oracle.permissionModes.includes("allow") && refuses(adversarial.sensitive) ? adversarial.sensitive : allowedOutside(oracle),
}));

const target = (name: string, title: string, safety: AdversarialCase["safety"], path: string, expect: Expect, extra: Partial<AdversarialCase> = {}): AdversarialCase =>
  pathCase("symlinks", name, title, safety, path, expect, { layout: TARGETS_LAYOUT, ...extra });

// The answers with the path as asked and the time taken out: what is left must be the same for every target.
async function runAlike({ ctx, adapter, workspace, root, expectation, boundMs }: CaseRun): Promise<CaseResult> {
  const inputs = ALIKE.map((name) => windowInput(ctx.oracle, name));
  const extras = denyIfAsked(ctx.oracle);
  const ended = await boundedCall(() => Promise.all(inputs.map((input) => adapter.call({ root, input, ...extras }))), boundMs);
  if (ended.kind === "timeout") return failed("hang", [`three links out answered not within ${boundMs} ms`]);
  if (ended.kind === "rejected") return failed("crash", [`a call failed: ${ended.error instanceof Error ? ended.error.message : String(ended.error)}`]);
  const results = ended.value.map((output, index) => judgeOutput(ctx, ALIKE_CASE, expectation, workspace, inputs[index], output));
  const shapes = ended.value.map((output, index) => JSON.stringify(workspace.placeholders(ctx.read.masked(output))).replaceAll(ALIKE[index] as string, "<path>"));
  const problems = results.flatMap((result) => result.problems);
  if (new Set(shapes).size !== 1) problems.push(`the answers tell the targets apart:\n${ALIKE.map((name, index) => `  ${name}: ${shapes[index] ?? ""}`).join("\n")}`);
  const observed = [...new Set(results.map((result) => result.observed))].join("/");
  return { status: problems.length === 0 ? "pass" : "fail", observed: new Set(shapes).size === 1 ? observed : `${observed}, told apart`, safe: results.every((result) => result.safe), problems };
}

const ALIKE_CASE: AdversarialCase = target(
  "outside-targets-alike",
  "`link-out`, `link-etc` and `link-secret` (links to an ordinary outside file, `/etc/hostname` and an outside `.env`), not allowed: one answer, the path as asked aside (issue 30 case 7)",
  "refuse",
  "",
  BEFORE_ALLOW,
  { run: runAlike },
);

/**
 * Links out of the root to targets of different classes (issue 30 case 7): until a person allowed the
 * read, a profile answers them alike, so the model learns nothing of where a link leads; once allowed,
 * a target in a system location or a secret is refused by the profile that refuses those.
 */
export const OUTSIDE_TARGET_CASES: readonly AdversarialCase[] = [
  target("outside-target-system", "`link-etc`, a link to `/etc/hostname`, not allowed: refused as any link out is", "refuse", "link-etc", BEFORE_ALLOW),
  target("outside-target-secret", "`link-secret`, a link to `../outside/.env`, not allowed: refused as any link out is", "refuse", "link-secret", BEFORE_ALLOW),
  ALIKE_CASE,
  target("outside-target-system-allowed", "`link-etc`, allowed by the person: refused as a system location where the profile refuses those", "either", "link-etc", SYSTEM_ALLOWED, { permission: "allow" }),
  target("outside-target-secret-allowed", "`link-secret`, allowed by the person: refused as a secret where the profile refuses those", "refuse", "link-secret", SECRET_ALLOWED, { permission: "allow" }),
];
