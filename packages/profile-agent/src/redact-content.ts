import { redactTextSteps, type SecretScanner, type Steps } from "@read/core";
import { utf8Scratch } from "./utf8-scratch.js";

// From this many UTF-16 units the keyword check reads the texts' UTF-8 bytes (the scanner's `mayFind`, a
// SIMD kernel from 512 bytes; often the very bytes the page's count encoded) instead of the string: on a
// 4 KiB source file, encoding and searching take a fifth of the automaton's walk over the string.
const BYTES_MIN_UNITS = 512;

/**
 * The page's `content` with every secret the secrets policy's scanner finds redacted: `texts`, the texts of
 * the file's lines the page shows (without their numbers and the page's notices, joined by line feeds, as
 * pieces), are scanned together, as the file holds them (a PEM block spans lines), and put back line for
 * line (redaction keeps line ends). The very `content` when nothing is found.
 */
export function* redactContentSteps(content: string, texts: readonly string[], scanner: SecretScanner, fileName: string): Steps<string> {
  let units = 0;
  let text = "";
  for (const piece of texts) {
    units += piece.length;
    text += piece;
  }
  const redacted = yield* redactTextSteps(text, scanner, fileName, units >= BYTES_MIN_UNITS ? utf8Scratch(texts) : undefined);
  if (redacted === text) return content;
  const parts = content.split("\n");
  const lines = redacted.split("\n");
  let next = 0;
  return parts.map((part) => {
    const number = /^\d+\t/u.exec(part)?.[0];
    return number === undefined ? part : `${number}${lines[next++] ?? ""}`;
  }).join("\n");
}
