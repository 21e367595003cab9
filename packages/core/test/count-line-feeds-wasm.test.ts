import { expect, test } from "vitest";
// @ts-expect-error: a plain ES module script without type declarations.
import { assembleCountLineFeeds } from "../scripts/assemble-wasm.mjs";
import { COUNT_LINE_FEEDS_WASM } from "../src/count-line-feeds-wasm.js";

test("the shipped newline counter is exactly wasm/count-line-feeds.wat assembled (regenerate: pnpm --filter @read/core build:wasm)", async () => {
  const assembled = Buffer.from((await assembleCountLineFeeds()) as Uint8Array);
  expect(Buffer.from(COUNT_LINE_FEEDS_WASM, "base64").toString("hex")).toBe(assembled.toString("hex"));
});
