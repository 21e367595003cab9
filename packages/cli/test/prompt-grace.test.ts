import { describe, expect, test } from "vitest";
import { MIN_PROMPT_GRACE_MS, promptGraceMs } from "../src/repl/prompt-grace.js";

describe("GUARD-4.6-typeahead: how long a permission prompt ignores keys after it appears", () => {
  test("200 ms by default; READ_TOOL_PROMPT_GRACE_MS lengthens it, never shortens it", () => {
    expect(MIN_PROMPT_GRACE_MS).toBe(200);
    expect(promptGraceMs({})).toBe(200);
    expect(promptGraceMs({ READ_TOOL_PROMPT_GRACE_MS: "1500" })).toBe(1500);
    expect(promptGraceMs({ READ_TOOL_PROMPT_GRACE_MS: "50" })).toBe(200);
    expect(promptGraceMs({ READ_TOOL_PROMPT_GRACE_MS: "0" })).toBe(200);
    expect(promptGraceMs({ READ_TOOL_PROMPT_GRACE_MS: "-1" })).toBe(200);
    expect(promptGraceMs({ READ_TOOL_PROMPT_GRACE_MS: "soon" })).toBe(200);
  });
});
