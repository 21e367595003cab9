import { describe, expect, test } from "vitest";
import { z } from "zod";
import { defineProfile } from "../src/define-profile.js";
import { ProfileConfigError } from "../src/profile-config-error.js";

const details = { profile: "lines", table: "lines", key: "max_lines", reason: "expected at least 1, got 0", accepted: ["max_lines"] };

// A second evaluation of the module, as a profile loaded by path (with its own @read/core) or a bundle has.
async function anotherCopy(): Promise<typeof ProfileConfigError> {
  const specifier = "../src/profile-config-error.js?another-copy";
  return ((await import(/* @vite-ignore */ specifier)) as { ProfileConfigError: typeof ProfileConfigError }).ProfileConfigError;
}

describe("ProfileConfigError", () => {
  test("names the profile, the key, the reason and the accepted keys", () => {
    expect(new ProfileConfigError(details).message).toBe("lines: invalid option 'max_lines' in [lines]: expected at least 1, got 0 (accepted keys: max_lines)");
  });

  test("echoes a key from the config quoted and escaped: an ESC or a bidi override never reaches the terminal raw", () => {
    const key = "a\u001b[31mRED\u202e";
    const error = new ProfileConfigError({ ...details, key, reason: "unknown key" });
    expect(error.message).toBe("lines: invalid option 'a\\x1b[31mRED\\u202e' in [lines]: unknown key (accepted keys: max_lines)");
    expect(error.key).toBe(key);
    expect(new ProfileConfigError({ ...details, key: "it's\\" }).message).toBe("lines: invalid option 'it\\'s\\\\' in [lines]: expected at least 1, got 0 (accepted keys: max_lines)");
    // Every other part too, whoever built it.
    expect(new ProfileConfigError({ profile: "p\u001b", table: "t\u202e", key: "", reason: "bad\nline", accepted: ["k\u0007"] }).message).toBe(
      "p\\x1b: invalid [t\\u202e]: bad\\nline (accepted keys: k\\x07)",
    );
    expect(new ProfileConfigError({ ...details, key: "root", reason: "The workspace root '\u001b' does not exist." }).message).toBe("lines: invalid workspace root: The workspace root '\\x1b' does not exist.");
  });

  test("defineProfile's parseConfig echoes a bad key and a bad value escaped", () => {
    const profile = defineProfile({
      name: "lines",
      configTable: ["lines"],
      configSchema: z.object({ max_lines: z.int().min(1).default(2) }),
      secrets: false,
      outputSchema: z.object({ error: z.string() }),
      isError: () => true,
      render: (output) => output.error,
      setup: () => {
        throw new Error("not called");
      },
    });
    const refusal = (table: unknown) => {
      try {
        profile.parseConfig(table);
      } catch (error) {
        expect(error).toBeInstanceOf(ProfileConfigError);
        return (error as Error).message;
      }
      return undefined;
    };
    const accepted = "(accepted keys: max_lines, secrets)";
    expect(refusal({ "a\u001b[31mRED\u202e": 1 })).toBe(`lines: invalid option 'a\\x1b[31mRED\\u202e' in [lines]: unknown key ${accepted}`);
    expect(refusal({ max_lines: 1, "\u001b]0;x\u0007": 1, "\u2066b": 2 })).toBe(`lines: invalid option '\\x1b]0;x\\x07, \\u2066b' in [lines]: unknown keys ${accepted}`);
    expect(refusal({ max_lines: "\u001b[2J\u202e" })).toBe(`lines: invalid option 'max_lines' in [lines]: expected a number, got "\\x1b[2J\\u202e" ${accepted}`);
  });

  test("instanceof holds for the error of another copy of @read/core, and only for it", async () => {
    const Other = await anotherCopy();
    expect(Other).not.toBe(ProfileConfigError);
    expect(new Other(details)).toBeInstanceOf(ProfileConfigError);
    expect(new ProfileConfigError(details)).toBeInstanceOf(Other);
    expect(new Error(details.reason)).not.toBeInstanceOf(ProfileConfigError);
    expect(Object.assign(new Error("x"), { name: "ProfileConfigError", ...details })).not.toBeInstanceOf(ProfileConfigError);
    expect(null).not.toBeInstanceOf(ProfileConfigError);
  });

  test("a subclass keeps the ordinary instanceof", () => {
    class Narrower extends ProfileConfigError {}
    expect(new ProfileConfigError(details)).not.toBeInstanceOf(Narrower);
    expect(new Narrower(details)).toBeInstanceOf(Narrower);
    expect(new Narrower(details)).toBeInstanceOf(ProfileConfigError);
  });
});
