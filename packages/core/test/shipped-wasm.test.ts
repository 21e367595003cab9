import { expect, test } from "vitest";
// @ts-expect-error: a plain ES module script without type declarations.
import { assembleJsonCost, assembleSecretKeywords } from "../scripts/assemble-wasm.mjs";
import { JSON_COST_WASM } from "../src/json-cost-wasm.js";
import { SECRET_KEYWORDS_WASM } from "../src/secret-keywords-wasm.js";

test("the shipped JSON byte classifier is exactly wasm/json-cost.wat assembled (regenerate: pnpm --filter @read/core build:wasm)", async () => {
  const assembled = Buffer.from((await assembleJsonCost()) as Uint8Array);
  expect(Buffer.from(JSON_COST_WASM, "base64").toString("hex")).toBe(assembled.toString("hex"));
});

test("the shipped secret keyword finder is exactly wasm/secret-keywords.wat assembled (regenerate: pnpm --filter @read/core build:wasm)", async () => {
  const assembled = Buffer.from((await assembleSecretKeywords()) as Uint8Array);
  expect(Buffer.from(SECRET_KEYWORDS_WASM, "base64").toString("hex")).toBe(assembled.toString("hex"));
});
