import fc from "fast-check";
import { describe, expect, test } from "vitest";
import { DEFAULT_SECRET_SCANNER } from "../src/index.js";
import { ownFindings } from "../src/secret-formats.js";
import { ownFindingsBefore } from "./support/own-findings-before.js";

const KEY_LINE = "MIIEvQIBADANBgkqhkiG9w0BAQEFAASCBKcwggSjAgEAAoIBAQC7";
// Pieces that make and break private key blocks, their edges, and the other formats' tokens.
const piece = fc.constantFrom(
  "-----BEGIN PRIVATE KEY-----",
  "-----BEGIN RSA PRIVATE KEY-----",
  "-----BEGIN ENCRYPTED PRIVATE KEY BLOCK-----",
  "-----END PRIVATE KEY-----",
  "-----END RSA PRIVATE KEY-----",
  "-----END PUBLIC KEY-----",
  "-----",
  KEY_LINE,
  "abc",
  "abcd",
  "+/=",
  "\n",
  "\r\n",
  "\r",
  " ",
  "-",
  "AKIAABCDEFGHIJKLMNOP",
  "AKIAIOSFODNN7EXAMPLE",
  "sk_live_0123456789abcdefghijklmn",
  "glpat-0123456789abcdefghij",
);

describe("the private key patterns cost one pass over the text (a long run of key characters beside a keyword took seconds)", () => {
  test("the findings are the same as before the patterns were made linear, on texts of block pieces", () => {
    fc.assert(
      fc.property(fc.array(piece, { maxLength: 40 }), (pieces) => {
        const text = pieces.join("");
        expect(ownFindings(text)).toEqual(ownFindingsBefore(text));
      }),
      { numRuns: 2_000 },
    );
  });

  test("a long run of key characters, and a mebibyte of key headers or of footers, each scan in a bounded time", async () => {
    // Before, on this machine: 64 KiB of letters and a keyword took 20 s (10 KiB 0.5 s, 40 KiB 6.7 s: the
    // square of the run), the headers 2.6 s (each searched the rest of the text for a footer), the footers 36 ms.
    const texts = {
      run: `${"x".repeat(64 * 1024)} secret ghp_ `,
      heads: `-----BEGIN PRIVATE KEY-----\n${"A".repeat(40)}\n`.repeat(15_000),
      footers: "\n-----END PRIVATE KEY-----".repeat(40_000),
    };
    for (const [name, text] of Object.entries(texts)) {
      const started = performance.now();
      await DEFAULT_SECRET_SCANNER.scan(text, "notes.txt");
      expect({ name, fast: performance.now() - started < 1_500 }).toEqual({ name, fast: true });
    }
  });
});
