import { describe, expect, test } from "vitest";
import { argumentChecker } from "../src/argument-checker.js";

const schema = {
  type: "object",
  properties: {
    path: { type: "string" },
    start_line: { type: "integer", minimum: 1 },
    mode: { enum: ["head", "tail"] },
    range: { type: "object", properties: { from: { type: "integer" } }, additionalProperties: false },
  },
  required: ["path"],
  additionalProperties: false,
};

function failure(args: unknown): string {
  try {
    argumentChecker("Read", schema)(args);
  } catch (error) {
    return (error as Error).message.replace("Invalid params: the arguments of Read do not match its input schema: ", "");
  }
  return "accepted";
}

describe("argumentChecker names the key at fault", () => {
  test.each([
    [{ path: "a" }, "accepted"],
    [{}, "missing required key 'path'"],
    [{ path: 1 }, "key 'path' must be string, got 1"],
    [{ path: "a", extra: true }, "unknown key 'extra' (accepted keys: path, start_line, mode, range)"],
    [{ path: "a", start_line: 0 }, "key 'start_line' must be >= 1, got 0"],
    [{ path: "a", mode: "middle" }, `key 'mode' must be one of "head", "tail", got "middle"`],
    [{ path: "a", range: { to: 3 } }, "unknown key 'range.to' (accepted keys: from)"],
    [{ path: "a", range: { from: "1" } }, `key 'range.from' must be integer, got "1"`],
    [["a"], `the arguments must be object, got ["a"]`],
    [{ path: "a", start_line: "2", bogus: 1 }, `unknown key 'bogus' (accepted keys: path, start_line, mode, range); key 'start_line' must be integer, got "2"`],
  ])("%j: %s", (args, message) => {
    expect(failure(args)).toBe(message);
  });

  test("keys and values are escaped: a key cannot forge the message or drive a terminal", () => {
    expect(failure({ path: "a", "x'\n\u001b[2J": 1 })).toBe("unknown key 'x\\'\\n\\x1b[2J' (accepted keys: path, start_line, mode, range)");
    expect(failure({ path: "a\u202e", start_line: "\u202e1" })).toBe(`key 'start_line' must be integer, got "\\u202e1"`);
  });

  test("a long value is shortened to 60 characters", () => {
    expect(failure({ path: "a", start_line: "9".repeat(100) })).toBe(`key 'start_line' must be integer, got "${"9".repeat(56)}...`);
  });

  test("arguments over 1 MiB of JSON are refused before validation", () => {
    expect(() => argumentChecker("Read", schema)({ path: "a".repeat(1024 * 1024) })).toThrow("Invalid params: the arguments of Read are 1048587 bytes of JSON; the limit is 1048576");
  });
});
