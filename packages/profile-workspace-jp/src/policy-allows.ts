import { quoteText } from "@read/core";
import type { SecurityPolicyConfig } from "./tool-context.js";

/** Whether `policy` lets the tool `name` run: its own entry, else the default; no policy allows every tool. */
export function policyAllows(name: string, policy: SecurityPolicyConfig | undefined): boolean {
  if (policy === undefined) return true;
  const own = Object.hasOwn(policy.tools, name) ? policy.tools[name] : undefined;
  return (own ?? policy.defaultPolicy) !== "deny";
}

/** The reference's words for a tool the policy denies. */
export function policyDeniedMessage(name: string): string {
  return `[Security Policy] Access denied for tool: ${quoteText(name, '"')}`;
}
