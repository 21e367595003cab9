import { describe, expect, it } from "vitest";
import { caseCheck, runCase } from "../src/adversarial/adversarial-case.js";
import { IMAGE_CASES } from "../src/adversarial/image-cases.js";
import { createInProcessAdapter } from "../src/in-process-adapter.js";
import { loadOracles } from "../src/load-oracles.js";
import { createSuiteContext } from "../src/suite-context.js";
import type { ToolAdapter } from "../src/tool-adapter.js";

const oracles = loadOracles();
const agent = oracles.find((oracle) => oracle.profile === "agent") ?? fail("no agent oracle");
const context = (adapter: ToolAdapter) => createSuiteContext(agent, adapter, { seed: 7, numRuns: 10, endOnFailure: true });

function fail(message: string): never {
  throw new Error(message);
}

// A tool that answers every image with its bytes, as an image, without looking at its header or its end.
const trusting: ToolAdapter = {
  kind: "in-process",
  async call(request) {
    const file = (request.input as { path: string }).path;
    return { path: file, version: "0123456789abcdef0123456789abcdef", format: "png", width: 1, height: 1, bytes: 1, downscaled: false, image: { mime_type: "image/png", width: 1, height: 1, bytes: 1, data: "" } };
  },
};

describe("the image cases of the adversarial suite (issue 33)", () => {
  it("the agent profile refuses the decompression bomb from its header and the truncated JPEG as INVALID_IMAGE", async () => {
    const adapter = await createInProcessAdapter(agent);
    const results = [];
    for (const item of IMAGE_CASES) results.push(await runCase(context(adapter), item));
    expect(results).toEqual([
      { status: "pass", observed: "TOO_LARGE", safe: true, problems: [] },
      { status: "pass", observed: "INVALID_IMAGE", safe: true, problems: [] },
    ]);
  });

  it("a tool that sends every image as it is fails both", async () => {
    for (const item of IMAGE_CASES) expect(await runCase(context(trusting), item)).toMatchObject({ status: "fail" });
  });

  it("they apply only to profiles whose oracle declares image outcomes", () => {
    const applying = oracles.filter((oracle) => IMAGE_CASES.every((item) => caseCheck(item).notApplicable(oracle) === null)).map((oracle) => oracle.profile);
    expect(applying).toEqual(["agent"]);
  });
});
