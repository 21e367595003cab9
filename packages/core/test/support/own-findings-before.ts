import type { SecretFinding } from "../../src/index.js";

// `ownFindings` of secret-formats.ts as it was before its private-key patterns were made linear (0e32f16),
// kept to prove the new one finds the same: the AWS, Stripe and GitLab formats are unchanged and copied so
// that the whole list compares.
const OWN_FORMATS: readonly { readonly kind: string; readonly pattern: RegExp }[] = [
  { kind: "aws-access-key-id", pattern: /\b(?:A3T[A-Z0-9]|AKIA|ASIA|AGPA|AIDA|AROA|AIPA|ANPA|ANVA)[A-Z0-9]{16}\b/g },
  { kind: "stripe-secret-key", pattern: /\b[sr]k_(?:live|test)_[0-9a-zA-Z]{24,}\b/g },
  { kind: "gitlab-token", pattern: /\bgl(?:pat|dt|rt|ptt|cbt|soat)-[0-9A-Za-z_-]{20,}/g },
];
const DOCUMENTED_EXAMPLES = new Set(["AKIAIOSFODNN7EXAMPLE"]);
const PEM_HEAD = /-----BEGIN (?:[A-Z0-9]+ )*PRIVATE KEY(?: BLOCK)?-----\r?\n[A-Za-z0-9+/=]{40,}/g;
const PEM_TAIL = /[A-Za-z0-9+/=]{4,}\r?\n-----END (?:[A-Z0-9]+ )*PRIVATE KEY(?: BLOCK)?-----/g;
const PEM_END = /-----END (?:[A-Z0-9]+ )*PRIVATE KEY(?: BLOCK)?-----/g;
const PEM_BEGIN = /-----BEGIN (?:[A-Z0-9]+ )*PRIVATE KEY(?: BLOCK)?-----/;

export function ownFindingsBefore(text: string): SecretFinding[] {
  const found: SecretFinding[] = [];
  for (const { kind, pattern } of OWN_FORMATS) {
    for (const match of text.matchAll(pattern)) {
      if (!DOCUMENTED_EXAMPLES.has(match[0])) found.push({ start: match.index, end: match.index + match[0].length, kind });
    }
  }
  for (const match of text.matchAll(PEM_HEAD)) {
    PEM_END.lastIndex = match.index;
    if (!PEM_END.test(text)) found.push({ start: match.index, end: text.length, kind: "private-key" });
  }
  const firstBegin = text.search(PEM_BEGIN);
  for (const match of text.matchAll(PEM_TAIL)) {
    if (firstBegin === -1 || firstBegin > match.index) found.push({ start: 0, end: match.index + match[0].length, kind: "private-key" });
  }
  return found;
}
