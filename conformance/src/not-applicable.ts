/**
 * Thrown by a check that cannot run through the adapter it was given (the per-call contract has no way
 * to ask for a definition, say): the result is `n/a` with this message, never a pass.
 */
export class NotApplicable extends Error {
  override readonly name = "NotApplicable";
}
