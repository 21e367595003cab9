import fc from "fast-check";
import { describe, expect, test } from "vitest";
import { MessageHeadScanner } from "../src/message-head-scanner.js";

function scan(text: string, cuts: readonly number[]) {
  const bytes = Buffer.from(text, "utf8");
  const scanner = new MessageHeadScanner();
  let from = 0;
  for (const cut of [...cuts].map((c) => c % (bytes.length + 1)).sort((a, b) => a - b)) {
    scanner.push(bytes.subarray(from, cut));
    from = cut;
  }
  scanner.push(bytes.subarray(from));
  return scanner.head();
}

describe("MessageHeadScanner", () => {
  test("finds the top-level id and method in any member order, whatever the chunking and nesting", () => {
    const id = fc.oneof(fc.string({ maxLength: 40 }), fc.integer(), fc.double({ noNaN: true, noDefaultInfinity: true }));
    const decoy = fc.record({ id: fc.jsonValue(), method: fc.jsonValue(), other: fc.jsonValue() });
    fc.assert(
      fc.property(
        id,
        fc.string({ maxLength: 40 }),
        fc.jsonValue(),
        decoy,
        fc.array(fc.nat(), { maxLength: 8 }),
        fc.boolean(),
        fc.constantFrom(0, 1, 2),
        (idValue, method, params, nested, cuts, idFirst, indent) => {
          const members: Array<[string, unknown]> = [
            ["jsonrpc", "2.0"],
            ["method", method],
            ["params", { params, nested, list: [nested, "}", "\\\"", '"id":1'] }],
          ];
          if (idFirst) members.unshift(["id", idValue]);
          else members.push(["id", idValue]);
          const text = JSON.stringify(Object.fromEntries(members), null, indent);
          expect(scan(text, cuts)).toEqual({ id: Object.is(idValue, -0) ? 0 : idValue, method });
        },
      ),
    );
  });

  test("a message without an id, or with an id that is not a string or number, has no id", () => {
    expect(scan(JSON.stringify({ jsonrpc: "2.0", method: "notifications/message", params: { id: 3 } }), [])).toEqual({ id: undefined, method: "notifications/message" });
    expect(scan(JSON.stringify({ jsonrpc: "2.0", id: null, method: "m" }), [5])).toEqual({ id: undefined, method: "m" });
    expect(scan(JSON.stringify({ jsonrpc: "2.0", id: { n: 1 }, method: "m" }), [])).toEqual({ id: undefined, method: "m" });
    expect(scan(JSON.stringify({ jsonrpc: "2.0", id: "x".repeat(300), method: "m" }), [])).toEqual({ id: undefined, method: "m" });
  });

  test("a line cut short still yields the members read before the cut", () => {
    expect(scan('{"jsonrpc":"2.0","id":7,"method":"tools/call","params":{"arguments":{"path":"aaaa', [])).toEqual({ id: 7, method: "tools/call" });
    expect(scan("not json at all", [])).toEqual({ id: undefined, method: undefined });
  });
});
