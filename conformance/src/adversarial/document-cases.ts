import fs from "node:fs";
import path from "node:path";
import { makeInflatingPdf, makePdf } from "../make-pdf.js";
import type { AdversarialCase, Expect } from "./adversarial-case.js";
import { pathCase } from "./path-case.js";

/** Bytes of the random `.pdf`: 3 MB, as issue 33 asks. */
const RANDOM_BYTES = 3 * 1024 * 1024;

/**
 * Operators the pathological PDF's one page repeats (`(a) Tj`, 56 MB once inflated from about 60 KB): a
 * reader that interprets them all takes many seconds and hundreds of megabytes.
 */
const INFLATED_OPERATORS = 8_000_000;

/** The pathological PDF: one page whose content inflates to 56 MB of `(a) Tj` operators. */
export function inflatingPdf(): Uint8Array {
  return makeInflatingPdf("(a) Tj\n", INFLATED_OPERATORS);
}

// The same "random" bytes on every run (xorshift32): a case whose file changed from run to run could not be replayed.
function pseudoRandomBytes(count: number, seed: number): Uint8Array {
  const bytes = new Uint8Array(count);
  let state = seed;
  for (let index = 0; index < count; index++) {
    state ^= state << 13;
    state ^= state >>> 17;
    state ^= state << 5;
    bytes[index] = state & 0xff;
  }
  return bytes;
}

function writes(name: string, bytes: () => Uint8Array): (workspace: { root: string }) => void {
  return (workspace) => fs.writeFileSync(path.join(workspace.root, name), bytes());
}

const NOT_A_DOCUMENT_READER = "the profile parses no documents: a .pdf is a binary file to it, which the binary checks cover";
const INVALID: Expect = (_oracle, adversarial) => (adversarial.documents === undefined ? NOT_A_DOCUMENT_READER : { outcome: adversarial.documents.invalid });
const TOO_COMPLEX: Expect = (_oracle, adversarial) => (adversarial.documents === undefined ? NOT_A_DOCUMENT_READER : { outcome: adversarial.documents.tooComplex });

function documentCase(name: string, title: string, file: string, bytes: () => Uint8Array, expect: Expect): AdversarialCase {
  return pathCase("special-files", name, title, "refuse", file, expect, {
    layout: { files: { "inside.txt": { text: "inside\n" } } },
    prepare: writes(file, bytes),
    options: (_workspace, oracle) => oracle.adversarial?.documents?.options ?? {},
  });
}

/**
 * Hostile documents (issue 33), for a profile that parses PDFs: each must end in the oracle's error within
 * the suite's bound, the parse stopped, whatever the machine.
 */
export const DOCUMENT_CASES: readonly AdversarialCase[] = [
  documentCase("random-bytes-pdf", "3 MB of random bytes named .pdf", "random.pdf", () => pseudoRandomBytes(RANDOM_BYTES, 0x9e3779b9), INVALID),
  documentCase("truncated-pdf", "a PDF cut in half", "truncated.pdf", () => {
    const whole = makePdf([["First page"], ["Second page"], ["Third page"]]);
    return whole.subarray(0, Math.floor(whole.length / 2));
  }, INVALID),
  documentCase("inflating-pdf", "a PDF page whose content inflates to 56 MB of operators", "inflating.pdf", inflatingPdf, TOO_COMPLEX),
];
