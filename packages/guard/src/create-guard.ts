import os from "node:os";
import { DEFAULT_SENSITIVE_RULES, ProfileConfigError, coreFailure, createWorkspace, escapeText, fail, findSensitiveRule, ok, quoteText, type Result, type SensitiveRule } from "@read/core";
import { blockedGlobProblem, compileBlockedGlobs, unresolvablePrefixProblem } from "./blocked-globs.js";
import { compileBlockedLocations } from "./blocked-locations.js";
import { configSchema } from "./config-schema.js";
import { gitignoreRules } from "./gitignore-rules.js";
import type { DenialReason, DenyingDecision, GuardDecision, GuardOperation } from "./guard-decision.js";
import { pathInputProblem } from "./path-input-problem.js";
import { policyPath, type PolicyPath } from "./policy-path.js";
import { resolveGuardPath, type GuardPath } from "./resolve-guard-path.js";

/** Options of {@link createGuard}. */
export interface GuardOptions {
  /** The working root; canonicalised once. Paths inside it are granted, paths outside it pending. */
  readonly root: string;
  /** Blocked globs (see `compileBlockedGlobs`); a pattern that can never match, or whose fixed directories do not resolve, throws at creation. */
  readonly blocked?: readonly string[];
  /**
   * Deny the reference's default blocked locations (`DEFAULT_BLOCKED_LOCATIONS`: `/etc`, `/usr`, `/proc`,
   * ... and every dot entry of the home directory) without asking (default `true`).
   */
  readonly defaultBlocked?: boolean;
  /** The sensitive list; {@link DEFAULT_SENSITIVE_RULES} when absent. Pass `[...DEFAULT_SENSITIVE_RULES, mine]` to extend it. */
  readonly sensitive?: readonly SensitiveRule[];
  /** Deny files git would ignore (default `true`), whether or not the root is in a git repository. */
  readonly respectGitignore?: boolean;
}

/** The filesystem guard: resolution and the read policy of one root. */
export interface Guard {
  /** The canonical root. */
  readonly root: string;
  /**
   * Resolves an input (relative to the root, or absolute) the way it will be opened: cleaned lexically,
   * then resolved by the kernel. A path that cannot be resolved still resolves (to where it would land,
   * with its `failure`); only invalid input is a failure.
   */
  resolvePath(input: unknown): Result<GuardPath>;
  /**
   * Decides whether a path may be read: `granted` (inside the root, nothing denies it), `pending`
   * (outside the root, nothing denies the path as asked: ask the person) or `denied` (blocked, sensitive,
   * gitignored, invalid, or a check failed). Deny beats ask, ask beats allow. A target outside the root is
   * checked too, but its denial waits in the pending decision's `afterApproval` (with no `target` to
   * open), so the answer before a person allowed the read is the same whatever the target. `write` is
   * never granted: a path no policy denies is pending, inside the root too, as in the reference. Never
   * throws; reads no file content.
   */
  checkPath(input: unknown, operation: GuardOperation): GuardDecision;
}

/**
 * Creates a {@link Guard}.
 *
 * @throws ProfileConfigError for a root that is not a directory, or a blocked pattern that can never match
 *   or whose fixed directories cannot be resolved.
 */
export function createGuard(options: GuardOptions): Guard {
  const workspace = createWorkspace(options.root);
  if (!workspace.ok) throw configError("root", workspace.failure.message);
  (options.blocked ?? []).forEach((glob, index) => {
    const problem = blockedGlobProblem(glob) ?? unresolvablePrefixProblem(glob);
    if (problem !== undefined) throw configError(`blocked.${index}`, lowerFirst(problem));
  });
  const root = workspace.value.root;
  const blocked = compileBlockedGlobs(options.blocked ?? []);
  const locations = options.defaultBlocked === false ? undefined : compileBlockedLocations(root, os.homedir());
  const sensitive = options.sensitive ?? DEFAULT_SENSITIVE_RULES;
  const gitignore = options.respectGitignore === false ? undefined : gitignoreRules(root);

  const resolvePath = (input: unknown): Result<GuardPath> => {
    const problem = pathInputProblem(input);
    if (problem !== undefined) return fail(coreFailure({ code: "INVALID_INPUT", message: `${problem.text.charAt(0).toUpperCase()}${problem.text.slice(1)}.`, reason: problem.reason }));
    return ok(resolveGuardPath(root, input as string));
  };

  const checkPath = (input: unknown, operation: GuardOperation): GuardDecision => {
    const resolution = resolvePath(input);
    if (!resolution.ok) {
      return { decision: "denied", reason: "invalid", lexical: "", resolved: "", inside: false, message: resolution.failure.message, failure: resolution.failure };
    }
    const found = resolution.value;
    const asked = quoteText(found.input);
    const denial = (reason: DenialReason, rule: string | undefined, why: string): DenyingDecision => ({
      decision: "denied",
      reason,
      ...facts(found),
      message: `${asked} ${why}`,
      ...(rule === undefined ? {} : { rule }),
    });
    if (operation !== "read" && operation !== "write") {
      return denial("invalid", undefined, `cannot be checked for the operation ${quoteText(String(operation))}: only "read" and "write" are known.`);
    }
    // The path as asked is the model's own words: its checks answer at once. A target outside the root
    // is news about the outside (issue 30 case 7): its checks answer only once a person allowed the read.
    const asAsked = policyPath(root, found.lexical);
    const target = found.resolved === found.lexical ? undefined : policyPath(root, found.resolved);
    const now = found.inside && target !== undefined ? [asAsked, target] : [asAsked];
    const denied = policyDenial(now, denial, found);
    if (denied !== undefined) return denied;
    const granted = operation === "read" && found.inside;
    if (granted) return { decision: "granted", ...facts(found), message: `${asked} is inside the working directory.` };
    const message = `${asked} ${found.inside ? "is inside" : "is outside"} the working directory: ${operation === "read" ? "reading" : "writing"} it needs the user's permission.`;
    const afterApproval = found.inside || target === undefined ? undefined : policyDenial([target], denial, found);
    if (afterApproval === undefined) return { decision: "pending", ...facts(found), message };
    // No target to open: a reader that skipped `afterApproval` has nothing to read.
    const { target: _withheld, ...withoutTarget } = facts(found);
    return { decision: "pending", ...withoutTarget, message, afterApproval };
  };

  // The first policy that denies one of `candidates`, in the order deny rules are checked.
  const policyDenial = (candidates: readonly PolicyPath[], denial: (reason: DenialReason, rule: string | undefined, why: string) => DenyingDecision, found: GuardPath): DenyingDecision | undefined => {
    try {
      for (const candidate of candidates) {
        const glob = blocked.match(candidate);
        if (glob !== undefined) return denial("blocked", glob, `is blocked by the pattern ${quoteText(glob)}.`);
      }
      for (const candidate of candidates) {
        const location = locations?.match(candidate.absolute);
        if (location !== undefined) return denial("blocked", location, `is in the blocked location ${quoteText(location)}.`);
      }
      for (const candidate of candidates) {
        const rule = findSensitiveRule(sensitive, candidate.nameLists);
        if (rule !== undefined) return denial("sensitive", rule.id, `is sensitive: ${rule.description}.`);
      }
      // Outside the root, why a path cannot be resolved is news about the outside: it waits for the answer.
      if (found.failure !== undefined && found.inside && !isMissing(found)) {
        return denial("error", undefined, `cannot be resolved: ${escapeText(found.failure.message)}`);
      }
      for (const candidate of candidates) {
        // The resolved target is realpath's answer: no directory on it is a symlink.
        const ignored = gitignore?.find(candidate.absolute, candidate.absolute === found.target?.absolute);
        if (ignored !== undefined) return denial("gitignored", ignored.pattern, `is ignored by git (${quoteText(ignored.pattern)} in ${quoteText(ignored.source)}).`);
      }
    } catch (error) {
      return denial("error", undefined, `could not be checked (${escapeText(error instanceof Error ? error.message : String(error))}), so it is denied.`);
    }
    return undefined;
  };

  return { root, resolvePath, checkPath };
}

function facts(found: GuardPath) {
  return {
    lexical: found.lexical,
    resolved: found.resolved,
    inside: found.inside,
    ...(found.target === undefined ? {} : { target: found.target }),
    ...(found.failure === undefined ? {} : { failure: found.failure }),
  };
}

// Only a missing entry or a dangling link is "not there"; a file used as a directory, a loop or a refusal is an error.
function isMissing(found: GuardPath): boolean {
  return found.failure?.code === "NOT_FOUND" && found.failure.reason !== "not-a-directory";
}

function configError(key: string, reason: string): ProfileConfigError {
  return new ProfileConfigError({ profile: "guard", table: "guard", key, reason, accepted: Object.keys(configSchema.shape) });
}

function lowerFirst(text: string): string {
  return text.charAt(0).toLowerCase() + text.slice(1);
}
