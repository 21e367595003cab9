import fc from "fast-check";
import { describe, expect, test } from "vitest";
import { JsonBudget, jsonBytesOf, jsonTailStart } from "../src/json-budget.js";
import { JsonBudgetBefore, jsonBytesOfBefore, jsonTailStartBefore } from "./support/json-budget-before.js";

// Bytes that price differently (controls, short escapes, line ends, quotes, bytes over 0x7f, the lead
// bytes of cut characters), whole characters of every width, and runs long enough to pass the SIMD
// threshold (512 bytes) and a page of the classifier's memory (64 KiB).
const special = fc.constantFrom(0x00, 0x01, 0x08, 0x09, 0x0a, 0x0b, 0x0c, 0x0d, 0x1f, 0x20, 0x22, 0x41, 0x5c, 0x7f, 0x80, 0xbf, 0xc3, 0xe2, 0xf0, 0xff);
const piece = fc.oneof(
  fc.uint8Array({ maxLength: 40 }),
  fc.array(special, { maxLength: 40 }).map((bytes) => Uint8Array.from(bytes)),
  fc.string({ unit: "binary", maxLength: 30 }).map((text) => new Uint8Array(Buffer.from(text))),
  fc.tuple(special, fc.integer({ min: 1, max: 70_000 })).map(([byte, count]) => new Uint8Array(count).fill(byte)),
);
const bytesArbitrary = fc.array(piece, { maxLength: 12 }).map((pieces) => new Uint8Array(Buffer.concat(pieces)));
const lineBytes = fc.constantFrom(0, 1, 7, 300);

describe("the answer bound prices bytes as before its SIMD classes (aaaa995), byte for byte", () => {
  test("jsonBytesOf: valid, invalid and cut UTF-8, every line prefix", () => {
    fc.assert(
      fc.property(bytesArbitrary, lineBytes, (bytes, line) => {
        expect(jsonBytesOf(bytes, line)).toBe(jsonBytesOfBefore(bytes, line));
      }),
      { numRuns: 200 },
    );
  });

  test("jsonBytesOf of 64 KiB pages and their edges, each class alone", () => {
    for (const byte of [0x01, 0x09, 0x0a, 0x0d, 0x22, 0x5c, 0x61, 0xe2]) {
      for (const length of [511, 512, 513, 65_535, 65_536, 65_537, 200_000]) {
        const bytes = new Uint8Array(length).fill(byte);
        expect(jsonBytesOf(bytes, 5), `${byte} x ${length}`).toBe(jsonBytesOfBefore(bytes, 5));
      }
    }
  });

  test("JsonBudget.fit keeps as many bytes of each chunk as before", () => {
    fc.assert(
      fc.property(fc.array(bytesArbitrary, { minLength: 1, maxLength: 4 }), fc.integer({ min: 0, max: 400_000 }), lineBytes, (chunks, limit, line) => {
        const today = new JsonBudget(limit, line);
        const before = new JsonBudgetBefore(limit, line);
        const kept: Uint8Array[] = [];
        for (const chunk of chunks) {
          const sofar = () => new Uint8Array(Buffer.concat(kept));
          const fits = today.fit(chunk, chunk.length, sofar);
          expect(fits).toBe(before.fit(chunk, chunk.length, sofar));
          kept.push(chunk.subarray(0, fits));
        }
      }),
      { numRuns: 100 },
    );
  });

  test("jsonTailStart starts a tail where it did", () => {
    fc.assert(
      fc.property(bytesArbitrary, fc.integer({ min: 0, max: 400_000 }), lineBytes, (bytes, limit, line) => {
        expect(jsonTailStart(bytes, limit, line)).toBe(jsonTailStartBefore(bytes, limit, line));
      }),
      { numRuns: 100 },
    );
  });
});
