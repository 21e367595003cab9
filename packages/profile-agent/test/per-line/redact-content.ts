import { redactTextSteps, type SecretScanner, type Steps } from "@read/core";

/**
 * The page's `content` with every secret the secrets policy's scanner finds redacted: the texts of the
 * file's lines are scanned together, as the file holds them (a PEM block spans lines), without their
 * numbers and the page's notices, and put back line for line (redaction keeps line ends). The very
 * `content` when nothing is found.
 */
export function* redactContentSteps(content: string, scanner: SecretScanner, fileName: string): Steps<string> {
  const parts = content.split("\n");
  const numbered = parts.map((part) => /^\d+\t/u.exec(part)?.[0]);
  const texts = parts.flatMap((part, index) => (numbered[index] === undefined ? [] : [part.slice((numbered[index] as string).length)]));
  const joined = texts.join("\n");
  const redacted = yield* redactTextSteps(joined, scanner, fileName);
  if (redacted === joined) return content;
  const lines = redacted.split("\n");
  let next = 0;
  return parts.map((part, index) => (numbered[index] === undefined ? part : `${numbered[index]}${lines[next++] ?? ""}`)).join("\n");
}
