import { redactTextSteps, type SecretScanner, type Steps } from "@read/core";

/**
 * The page's `content` with every secret the secrets policy's scanner finds redacted: `texts`, the texts of
 * the file's lines the page shows (without their numbers and the page's notices, joined by line feeds), are
 * scanned together, as the file holds them (a PEM block spans lines), and put back line for line
 * (redaction keeps line ends). The very `content` when nothing is found.
 */
export function* redactContentSteps(content: string, texts: string, scanner: SecretScanner, fileName: string): Steps<string> {
  const redacted = yield* redactTextSteps(texts, scanner, fileName);
  if (redacted === texts) return content;
  const parts = content.split("\n");
  const lines = redacted.split("\n");
  let next = 0;
  return parts.map((part) => {
    const number = /^\d+\t/u.exec(part)?.[0];
    return number === undefined ? part : `${number}${lines[next++] ?? ""}`;
  }).join("\n");
}
