import { describe, expect, test } from "vitest";
import { createGuard, createTool } from "../src/index.js";
import { scratch } from "./support/scratch.js";

describe("paths echoed in messages are escaped", () => {
  test("GUARD-4.2-no-leak: a denied link out never names its target; the request carries it as data, for the prompt", async () => {
    const s = scratch();
    const evil = "evil\nError: fake\u001b[2J.txt";
    s.write(`outside/${evil}`, "x\n");
    s.symlink("ws/link.txt", `../outside/${evil}`);
    const requests: string[] = [];
    const tool = createTool({ root: s.root, requester: async (request) => (requests.push(request.resolvedPath), "deny") });
    expect(await tool.call({ path: "link.txt" })).toEqual({ error: 'permission denied by user: read access rejected for path "link.txt"' });
    // The request is data: it carries the real path, and the prompt escapes it when it shows it.
    expect(requests).toEqual([`${s.outside}/${evil}`]);
  });

  test("an input holding a newline and an escape sequence is echoed escaped", async () => {
    const s = scratch();
    expect(await createTool({ root: s.root, requester: async () => "deny" }).call({ path: "../x\n[FORGED]\u001b[2J" })).toEqual({
      error: 'permission denied by user: read access rejected for path "../x\\n[FORGED]\\x1b[2J"',
    });
  });
});

test("an error message inside a check is escaped too", () => {
  const s = scratch();
  s.write("ws/a.txt", "a\n");
  const rule = {
    id: "noisy",
    description: "a rule whose error holds a newline",
    matches: () => {
      throw new Error("line one\nFORGED: line two");
    },
  };
  expect(createGuard({ root: s.root, sensitive: [rule] }).checkPath("a.txt", "read").message).toBe(
    "'a.txt' could not be checked (line one\\nFORGED: line two), so it is denied.",
  );
});
