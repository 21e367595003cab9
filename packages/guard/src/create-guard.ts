import path from "node:path";
import { DEFAULT_SENSITIVE_RULES, ProfileConfigError, createWorkspace, findSensitiveRule, type SensitiveRule, escapeText, quoteText, isInside, ok, validatePathInput, type CoreFailure, type ResolvedPath, type Result, type Workspace } from "@read/core";
import { blockedGlobProblem, compileBlockedGlobs } from "./blocked-globs.js";
import { findGitignoreRule } from "./find-gitignore-rule.js";
import { configSchema } from "./config-schema.js";
import type { DenyingDecision, GuardDecision } from "./guard-decision.js";
import { policyPath, type PolicyPath } from "./policy-path.js";

/** Options of {@link createGuard}. */
export interface GuardOptions {
  /** The working root; canonicalised once. Paths inside it are granted, paths outside it pending. */
  readonly root: string;
  /** Blocked globs (see `compileBlockedGlobs`); a pattern that can never match throws at creation. */
  readonly blocked?: readonly string[];
  /** The sensitive list; {@link DEFAULT_SENSITIVE_RULES} when absent. Pass `[...DEFAULT_SENSITIVE_RULES, mine]` to extend it. */
  readonly sensitive?: readonly SensitiveRule[];
  /** Deny files git would ignore (default `true`), whether or not the root is a git repository. */
  readonly respectGitignore?: boolean;
}

/** A path the guard resolved: where it lands, whether or not it exists. */
export interface GuardPath {
  /** The input exactly as given. */
  readonly input: string;
  /** The absolute path, symlinks followed; for a missing path, where it would land. */
  readonly resolved: string;
  readonly inside: boolean;
  /** Core's resolution, present when the path exists. */
  readonly target?: ResolvedPath;
  /** Why the path does not exist (`NOT_FOUND`, or `OUTSIDE_ROOT` for a missing path outside the root). */
  readonly missing?: CoreFailure;
}

/** The filesystem guard: resolution and the read policy of one root. */
export interface Guard {
  /** The canonical root. */
  readonly root: string;
  /**
   * Resolves an input (relative to the root, or absolute) the way it will be opened. A missing path
   * still resolves (to where it would land, with `missing`); invalid input, a symlink loop, a
   * permission error and other OS errors are failures.
   */
  resolvePath(input: unknown): Result<GuardPath>;
  /**
   * Decides whether a path may be read: `granted` (inside the root, nothing denies it), `pending`
   * (outside the root, nothing denies it: ask the person) or `denied` (blocked, sensitive, gitignored,
   * invalid, or a check failed). Deny beats ask, ask beats allow. Never throws; reads no file content.
   */
  checkPath(input: unknown, operation: "read"): GuardDecision;
}

/**
 * Creates a {@link Guard}.
 *
 * @throws ProfileConfigError for a root that is not a directory or a blocked pattern that can never match.
 */
export function createGuard(options: GuardOptions): Guard {
  const workspace = createWorkspace(options.root);
  if (!workspace.ok) throw configError("root", workspace.failure.message);
  (options.blocked ?? []).forEach((glob, index) => {
    const problem = blockedGlobProblem(glob);
    if (problem !== undefined) throw configError(`blocked.${index}`, lowerFirst(problem));
  });
  const blocked = compileBlockedGlobs(options.blocked ?? []);
  const sensitive = options.sensitive ?? DEFAULT_SENSITIVE_RULES;
  const respectGitignore = options.respectGitignore ?? true;
  const root = workspace.value.root;

  const resolvePath = (input: unknown): Result<GuardPath> => resolveIn(workspace.value, input);

  const checkPath = (input: unknown, operation: "read"): GuardDecision => {
    if (operation !== "read") {
      return { decision: "denied", reason: "invalid", resolved: "", inside: false, message: `The operation ${quoteText(String(operation))} is not supported; only "read" is.` };
    }
    const valid = validatePathInput(input);
    if (!valid.ok) return { decision: "denied", reason: "invalid", resolved: "", inside: false, message: valid.failure.message, failure: valid.failure };
    const asked = valid.value;
    const lexical = path.resolve(root, asked);
    let resolved = lexical;
    try {
      const resolution = resolvePath(asked);
      const found = resolution.ok ? resolution.value : undefined;
      if (found !== undefined) resolved = found.resolved;
      const facts = { asked, resolved, found };
      const candidates = lexical === resolved ? [policyPath(root, resolved)] : [policyPath(root, lexical), policyPath(root, resolved)];
      for (const candidate of candidates) {
        const glob = blocked.match(candidate);
        if (glob !== undefined) return denial(facts, "blocked", glob, `${quoteText(asked)} is blocked by the pattern ${quoteText(glob)}.`);
      }
      for (const candidate of candidates) {
        const rule = findSensitiveRule(sensitive, candidate.nameLists);
        if (rule !== undefined) return denial(facts, "sensitive", rule.id, `${quoteText(asked)} is sensitive: ${rule.description}.`);
      }
      if (!resolution.ok) {
        return { ...denial(facts, "error", undefined, `${quoteText(asked)} could not be resolved: ${escapeText(resolution.failure.message)}`), failure: resolution.failure };
      }
      if (respectGitignore) {
        for (const candidate of candidates) {
          const ignored = gitignoreRuleOf(workspace.value, candidate);
          if (ignored !== undefined) {
            return denial(facts, "gitignored", ignored.pattern, `${quoteText(asked)} is ignored by git (${quoteText(ignored.pattern)} in ${quoteText(ignored.source)}).`);
          }
        }
      }
      return allowance(resolution.value);
    } catch (error) {
      const why = escapeText(error instanceof Error ? error.message : String(error));
      return {
        decision: "denied",
        reason: "error",
        resolved,
        inside: isInside(root, resolved),
        message: `${quoteText(asked)} could not be checked (${why}), so it is denied.`,
      };
    }
  };

  const denial = (
    facts: { asked: string; resolved: string; found: GuardPath | undefined },
    reason: "blocked" | "sensitive" | "gitignored" | "error",
    rule: string | undefined,
    message: string,
  ): DenyingDecision => ({
    decision: "denied",
    reason,
    resolved: facts.resolved,
    inside: isInside(root, facts.resolved),
    message,
    ...(rule === undefined ? {} : { rule }),
    ...(facts.found?.target === undefined ? {} : { target: facts.found.target }),
    ...(facts.found?.missing === undefined ? {} : { failure: facts.found.missing }),
  });

  const allowance = (found: GuardPath): GuardDecision => {
    const where = `${quoteText(found.input)} resolves to ${quoteText(found.resolved)}`;
    return {
      decision: found.inside ? "granted" : "pending",
      resolved: found.resolved,
      inside: found.inside,
      message: found.inside ? `${where}, inside the working directory.` : `${where}, outside the working directory: reading it needs the user's permission.`,
      ...(found.target === undefined ? {} : { target: found.target }),
      ...(found.missing === undefined ? {} : { failure: found.missing }),
    };
  };

  return { root, resolvePath, checkPath };
}

function resolveIn(workspace: Workspace, input: unknown): Result<GuardPath> {
  const resolution = workspace.resolve(input);
  if (resolution.ok) {
    const target = resolution.value;
    return ok({ input: target.input, resolved: target.absolute, inside: target.inside, target });
  }
  const failure = resolution.failure;
  if ((failure.code === "NOT_FOUND" || failure.code === "OUTSIDE_ROOT") && typeof input === "string") {
    const resolved = failure.resolved ?? path.resolve(workspace.root, input);
    return ok({ input, resolved, inside: isInside(workspace.root, resolved), missing: failure });
  }
  return resolution;
}

function gitignoreRuleOf(workspace: Workspace, candidate: PolicyPath) {
  return candidate.relative === undefined ? undefined : findGitignoreRule(workspace, candidate.relative);
}

function configError(key: string, reason: string): ProfileConfigError {
  return new ProfileConfigError({ profile: "guard", table: "guard", key, reason, accepted: Object.keys(configSchema.shape) });
}

function lowerFirst(text: string): string {
  return text.charAt(0).toLowerCase() + text.slice(1);
}
