import { describe, expect, test } from "vitest";
import { z } from "zod";
import { defineProfile } from "../src/define-profile.js";
import { useTempDirs } from "./support/temp-workspace.js";

const temp = useTempDirs();

const outputSchema = z.union([z.object({ ok: z.string() }), z.object({ internal: z.string(), input: z.unknown() })]);

/** A profile whose `call` does whatever `behave` does with the input, and whose internal error shows what it was given. */
function throwingProfile(behave: (input: unknown, signal: AbortSignal | undefined) => unknown) {
  return defineProfile({
    name: "throwing",
    configTable: ["throwing"],
    configSchema: z.object({}),
    secrets: false,
    outputSchema,
    isError: (output) => "internal" in output,
    render: (output) => ("internal" in output ? `internal: ${output.internal}` : output.ok),
    setup: () => ({
      name: "throw",
      definition: { name: "throw", description: "Throws.", parameters: { type: "object" } },
      call: async (input, { signal }) => ({ ok: String(await behave(input, signal)) }),
      internalError: (reason, input) => ({ internal: reason, input }),
    }),
  });
}

describe("defineProfile wraps every call", () => {
  test("an unexpected exception from call becomes the profile's internalError, its message one escaped sentence, with the input as the model sent it", async () => {
    const cases: [() => unknown, string][] = [
      [() => { throw new Error("boom"); }, "boom"],
      [() => { throw new TypeError("line one\nline two \u001b[2J\u202e"); }, "line one\\nline two \\x1b[2J\\u202e"],
      [() => Promise.reject(new RangeError("async boom")), "async boom"],
      [() => { throw "a string\r"; }, "a string\\r"],
      [() => { throw 42; }, "42"],
    ];
    for (const [behave, reason] of cases) {
      const tool = throwingProfile(behave).createTool({ root: temp.make() });
      const input = { path: "x.txt", n: 1 };
      const output = await tool.call(input);
      expect(output, reason).toEqual({ internal: reason, input: { path: "x.txt", n: 1 } });
      expect(tool.isError(output)).toBe(true);
      expect(tool.render(output)).toBe(`internal: ${reason}`);
    }
    expect(await throwingProfile(() => "fine").createTool({ root: temp.make() }).call({})).toEqual({ ok: "fine" });
  });

  test("an aborted call rejects with the signal's reason instead, whatever call threw; an already aborted signal never reaches call", async () => {
    const started: string[] = [];
    const tool = throwingProfile(
      (_input, signal) =>
        new Promise((_resolve, reject) => {
          started.push("call");
          signal?.addEventListener("abort", () => reject(new Error("the profile's own error")));
        }),
    ).createTool({ root: temp.make() });

    const controller = new AbortController();
    const reason = new Error("stopped by the caller");
    const call = tool.call({ path: "x.txt" }, { signal: controller.signal });
    await new Promise((resolve) => setImmediate(resolve));
    controller.abort(reason);
    await expect(call).rejects.toBe(reason);

    const defaulted = new AbortController();
    const second = tool.call({ path: "x.txt" }, { signal: defaulted.signal });
    await new Promise((resolve) => setImmediate(resolve));
    defaulted.abort();
    await expect(second).rejects.toBe(defaulted.signal.reason);
    await expect(second).rejects.toMatchObject({ name: "AbortError" });
    expect(started).toEqual(["call", "call"]);

    const already = AbortSignal.abort("gone");
    await expect(tool.call({ path: "x.txt" }, { signal: already })).rejects.toBe("gone");
    expect(started).toEqual(["call", "call"]);
  });
});

describe("defineProfile passes a profile's model form on", () => {
  test("a tool has modelContent only where its profile gives one (a model otherwise receives the output as JSON)", () => {
    const plain = throwingProfile(() => "x").createTool({ root: temp.make() });
    expect(plain.modelContent).toBeUndefined();
    const own = defineProfile({
      name: "own-form",
      configTable: ["own-form"],
      configSchema: z.object({}),
      secrets: false,
      outputSchema,
      isError: (output) => "internal" in output,
      render: () => "",
      modelContent: (output) => [{ type: "text", text: "ok" in output ? `says ${output.ok}` : "failed" }],
      setup: () => ({
        name: "own",
        definition: { name: "own", description: "Owns its form.", parameters: { type: "object" } },
        call: () => ({ ok: "yes" }),
        internalError: (reason, input) => ({ internal: reason, input }),
      }),
    }).createTool({ root: temp.make() });
    expect(own.modelContent?.({ ok: "yes" })).toEqual([{ type: "text", text: "says yes" }]);
  });
});
