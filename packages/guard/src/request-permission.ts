import type { PermissionRequest, PermissionRequester } from "@read/core";

/** What came of asking: only `allow` lets the read go on. */
export type PermissionAnswer =
  | { readonly kind: "allow" }
  | { readonly kind: "deny" }
  /** The requester rejected, threw, or answered something other than "allow" or "deny". */
  | { readonly kind: "cancelled"; readonly why: string }
  /** No requester, or it answered "unavailable": no one could be asked. */
  | { readonly kind: "unavailable" };

/**
 * The permission bridge: asks `requester` about one pending read and waits for the answer. Every call
 * asks (nothing is remembered). A rejection, a throw or an unexpected answer is a denial, and so is
 * having no one to ask (no requester, or the answer "unavailable").
 */
export async function requestPermission(requester: PermissionRequester | undefined, request: PermissionRequest): Promise<PermissionAnswer> {
  if (requester === undefined) return { kind: "unavailable" };
  try {
    const answer: unknown = await requester(Object.freeze({ ...request }));
    if (answer === "allow") return { kind: "allow" };
    if (answer === "deny") return { kind: "deny" };
    if (answer === "unavailable") return { kind: "unavailable" };
    return { kind: "cancelled", why: `the prompt answered ${typeof answer === "string" ? JSON.stringify(answer) : typeof answer}` };
  } catch (error) {
    return { kind: "cancelled", why: error instanceof Error ? error.message : String(error) };
  }
}
