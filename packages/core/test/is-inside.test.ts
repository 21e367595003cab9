import path from "node:path";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { isInside } from "../src/index.js";

// The verdict on path components, whatever the spelling: what isInside must always say.
function insideByRelative(root: string, target: string): boolean {
  const relative = path.relative(root, target);
  return relative === "" || (relative !== ".." && !relative.startsWith("../") && !path.isAbsolute(relative));
}

describe("isInside: whether a path lies inside the root, on components", () => {
  it("takes the root itself and what lies under it, and not a sibling sharing the root's spelling", () => {
    expect(isInside("/work/repo", "/work/repo")).toBe(true);
    expect(isInside("/work/repo", "/work/repo/src/main.ts")).toBe(true);
    expect(isInside("/work/repo", "/work/repository/secret.txt")).toBe(false);
    expect(isInside("/work/repo", "/work")).toBe(false);
    expect(isInside("/", "/etc/hosts")).toBe(true);
    expect(isInside("/", "/")).toBe(true);
  });

  it("reads unclean spellings by what they name: '..' leaves, '.', doubled and trailing separators do not", () => {
    expect(isInside("/work/repo", "/work/repo/../secret.txt")).toBe(false);
    expect(isInside("/work/repo", "/work/repo/src/..")).toBe(true);
    expect(isInside("/work/repo", "/work/repo/./src//main.ts")).toBe(true);
    expect(isInside("/work/repo/", "/work/repo")).toBe(true);
    expect(isInside("/work/repo/..", "/work/other")).toBe(true);
  });

  it("agrees with path.relative on any two absolute spellings (property)", () => {
    const name = fc.constantFrom("", ".", "..", "a", "ab", "b", "a.", "..a");
    const spelling = fc.array(name, { maxLength: 6 }).map((names) => `/${names.join("/")}`);
    fc.assert(
      fc.property(spelling, spelling, (root, target) => {
        expect(isInside(root, target)).toBe(insideByRelative(root, target));
      }),
      { numRuns: 2000 },
    );
  });
});
