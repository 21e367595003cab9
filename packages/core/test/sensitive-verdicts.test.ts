import fs from "node:fs";
import path from "node:path";
import { describe, expect, test } from "vitest";
import { DEFAULT_SENSITIVE_RULES, sensitiveRuleOf, type SensitiveRule } from "../src/index.js";
import { read, useTempDirs, workspaceOf } from "./support/temp-workspace.js";

/** A rule denying names ending in `.secret`, counting how often it is asked. */
function counted(pure: boolean): SensitiveRule & { asked: number } {
  const rule = {
    id: "secret-suffix",
    description: "a .secret file",
    ...(pure ? { pure: true } : {}),
    asked: 0,
    matches: (names: readonly string[]) => {
      rule.asked++;
      return (names.at(-1) ?? "").endsWith(".secret");
    },
  };
  return rule;
}

describe("sensitiveRuleOf remembers the verdicts of pure rules", () => {
  test("the built-in rules are pure, and the built-in list cannot be changed", () => {
    expect(DEFAULT_SENSITIVE_RULES.every((rule) => rule.pure === true)).toBe(true);
    expect(Object.isFrozen(DEFAULT_SENSITIVE_RULES)).toBe(true);
  });

  test("a list of pure rules is asked once per path; the verdicts are the same as asking again", () => {
    const rule = counted(true);
    const rules = [rule];
    for (let i = 0; i < 3; i++) {
      expect(sensitiveRuleOf(rules, ["/w/a.secret"])?.id).toBe("secret-suffix");
      expect(sensitiveRuleOf(rules, ["/w/a.txt"])).toBeUndefined();
    }
    // Each path once, for each distinct form of its names (ASCII names have one).
    expect(rule.asked).toBe(2);
    // Another list of the same rules keeps verdicts of its own.
    expect(sensitiveRuleOf([rule], ["/w/a.secret"])?.id).toBe("secret-suffix");
    expect(rule.asked).toBe(3);
  });

  test("a list with a rule that does not say it is pure is asked on every read", () => {
    const rule = counted(false);
    const rules = [...DEFAULT_SENSITIVE_RULES, rule];
    for (let i = 0; i < 3; i++) expect(sensitiveRuleOf(rules, ["/w/a.txt"])).toBeUndefined();
    expect(rule.asked).toBe(3);
  });

  test("a pure rule that throws is asked again next time, and throws again (the caller denies)", () => {
    let asked = 0;
    const rules: SensitiveRule[] = [
      {
        id: "broken",
        description: "a rule that throws",
        pure: true,
        matches: () => {
          asked++;
          throw new Error("broken rule");
        },
      },
    ];
    expect(() => sensitiveRuleOf(rules, ["/w/a.txt"])).toThrow("broken rule");
    expect(() => sensitiveRuleOf(rules, ["/w/a.txt"])).toThrow("broken rule");
    expect(asked).toBe(2);
  });

  test("through the pipeline, a remembered verdict still refuses a secret and allows the rest", async () => {
    const dir = useTempDirs().make();
    fs.writeFileSync(path.join(dir, ".env"), "TOKEN=1\n");
    fs.writeFileSync(path.join(dir, "notes.txt"), "hello\n");
    const workspace = workspaceOf(dir);
    const window = { from: "start", startLine: 1, maxLines: null } as const;
    for (let i = 0; i < 2; i++) {
      expect(await read(workspace, ".env", window, { sensitive: DEFAULT_SENSITIVE_RULES })).toMatchObject({ ok: false, failure: { code: "SENSITIVE", rule: "env-file" } });
      expect(await read(workspace, "notes.txt", window, { sensitive: DEFAULT_SENSITIVE_RULES })).toMatchObject({ ok: true });
    }
  });
});
