import { describe, expect, it } from "vitest";
import { relativeInside } from "../src/index.js";

describe("relativeInside: a clean absolute path relative to the root when inside it, else undefined", () => {
  it("gives the rest of a path under the root, and '.' for the root itself", () => {
    expect(relativeInside("/work/repo", "/work/repo/src/main.ts")).toBe("src/main.ts");
    expect(relativeInside("/work/repo", "/work/repo")).toBe(".");
    expect(relativeInside("/", "/etc/hosts")).toBe("etc/hosts");
    expect(relativeInside("/", "/")).toBe(".");
  });

  it("decides on components: a sibling sharing the root's spelling as a prefix is outside", () => {
    expect(relativeInside("/work/repo", "/work/repository/secret.txt")).toBeUndefined();
    expect(relativeInside("/work/repo", "/work")).toBeUndefined();
    expect(relativeInside("/work/repo", "/etc/hosts")).toBeUndefined();
  });
});
