import { describe, expect, test } from "vitest";
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
