import type { GuardDecision } from "../../src/index.js";

/** A decision in one word: the denial's reason (`blocked`, `gitignored`, ...), else `granted` or `pending`. */
export function verdict(decision: GuardDecision): string {
  return decision.decision === "denied" ? decision.reason : decision.decision;
}
