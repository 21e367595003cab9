import fs from "node:fs";
import path from "node:path";
import { makeTempDir } from "../../../vitest.temp-dirs.js";
import { ProfileConfigError } from "@read/core";
import { describe, expect, test } from "vitest";
import { DEFAULT_PROFILE, PROFILE_ENTRIES, UnknownProfileError, loadAllProfiles, loadProfile } from "../src/index.js";

const root = makeTempDir("read-profiles-");

describe("the registry", () => {
  test("each entry describes the profile its package exports: name and config table", async () => {
    for (const entry of PROFILE_ENTRIES) {
      const profile = await entry.load();
      expect({ name: profile.name, table: profile.configTable }).toEqual({ name: entry.name, table: entry.configTable });
      expect(await loadProfile(entry.packageName)).toBe(profile);
    }
    expect(PROFILE_ENTRIES.map((entry) => entry.name)).toContain(DEFAULT_PROFILE);
    expect([...(await loadAllProfiles()).keys()]).toEqual(PROFILE_ENTRIES.map((entry) => entry.name));
  });

  test("every profile refuses a bad config key in the same format: profile, key, table, reason, accepted keys", async () => {
    for (const [name, profile] of await loadAllProfiles()) {
      const table = profile.configTable.join(".");
      const accepted = profile.configKeys.length === 0 ? "none" : profile.configKeys.join(", ");
      let thrown: unknown;
      try {
        profile.createTool({ root, ...({ no_such_key: 1 } as object) });
      } catch (error) {
        thrown = error;
      }
      expect(thrown).toBeInstanceOf(ProfileConfigError);
      expect((thrown as Error).message).toBe(`${name}: invalid option 'no_such_key' in [${table}]: unknown key (accepted keys: ${accepted})`);
      expect(thrown).toMatchObject({ profile: name, key: "no_such_key", reason: "unknown key", accepted: profile.configKeys, table });
      expect(() => profile.parseConfig({ no_such_key: 1 })).toThrow((thrown as Error).message);
    }
  });

  test("every profile refuses an empty root when the tool is created, rather than reading the current directory", async () => {
    const reason = "The workspace root is empty; name a directory (an empty root is never read as the current directory).";
    for (const [name, profile] of await loadAllProfiles()) {
      let thrown: unknown;
      try {
        profile.createTool({ root: "" });
      } catch (error) {
        thrown = error;
      }
      expect(thrown).toBeInstanceOf(ProfileConfigError);
      expect(thrown).toMatchObject({ profile: name, key: "root", reason, message: `${name}: invalid workspace root: ${reason}` });
    }
  });

  test("docs/choosing-a-profile.md puts every registered profile side by side, with its tool name, package and every key of its table", async () => {
    const page = fs.readFileSync(path.resolve(import.meta.dirname, "../../../docs/choosing-a-profile.md"), "utf8");
    const row = (label: string) => (page.split("\n").find((line) => line.startsWith(`| ${label} |`)) ?? "").replace(/ \|$/u, "");
    for (const [name, profile] of await loadAllProfiles()) {
      const tool = profile.createTool({ root });
      expect(page).toContain(`- **\`${name}\`**`);
      expect(row("tool name")).toContain(`\`${tool.name}\``);
      expect(row("package")).toContain(`\`${PROFILE_ENTRIES.find((entry) => entry.name === name)?.packageName ?? ""}\``);
      const column = row("").split(" | ").indexOf(`\`${name}\``);
      expect(column, `${name} has a column`).toBeGreaterThan(0);
      const configCell = row("config table").split(" | ")[column] ?? "";
      expect(configCell).toContain(`\`[${profile.configTable.join(".")}]\``);
      for (const key of profile.configKeys) expect(configCell, `${name}: ${key}`).toContain(`\`${key}\``);
    }
  });

  test("an unknown name is refused with the known ones; a bare word never loads a package", async () => {
    await expect(loadProfile("forg")).rejects.toThrow(new UnknownProfileError("unknown profile 'forg' (known: envelope, workspace-jp, forge, guard, agent; or a module path such as ./my-profile.js)"));
    await expect(loadProfile("zod")).rejects.toThrow(UnknownProfileError);
  });

  test("a module path loads the profile it exports, and a module without one is refused", async () => {
    const dir = makeTempDir("read-profile-module-");
    fs.writeFileSync(path.join(dir, "not-a-profile.mjs"), "export const profile = { name: 'x' };\n");
    await expect(loadProfile("./not-a-profile.mjs", dir)).rejects.toThrow("the module './not-a-profile.mjs' exports no 'profile' made with defineProfile");
    await expect(loadProfile("./missing.mjs", dir)).rejects.toThrow(/^cannot load the profile module '.\/missing.mjs': /);
    const envelope = await loadProfile("envelope");
    const entry = fileURLOf(import.meta.resolve("@read/profile-envelope"));
    expect(await loadProfile(entry, dir)).toBe(envelope);
  });
});

function fileURLOf(url: string): string {
  return new URL(url).pathname;
}

describe("the secrets policy: one `secrets` key in every profile's table", () => {
  const secrets = makeTempDir("read-profiles-secrets-");
  fs.writeFileSync(path.join(secrets, ".env"), "TOKEN=1\n");
  fs.writeFileSync(path.join(secrets, "id_ed25519"), "key\n");
  const refused: Record<string, unknown> = {
    envelope: { status: "error", error: { code: "ACCESS_DENIED" } },
    "workspace-jp": { error: { code: "POLICY_DENIED" } },
    forge: { error: { code: "SANDBOX_DENIED" } },
    guard: { error: expect.stringMatching(/^permission denied by policy: /u) },
    agent: { error: { code: "SECRET" } },
  };

  test("off by default for envelope and workspace-jp (their references refuse nothing by name), on for forge (its sandbox), guard and agent", async () => {
    const defaults = Object.fromEntries([...(await loadAllProfiles())].map(([name, profile]) => [name, profile.parseConfig({}).secrets]));
    expect(defaults).toEqual({ envelope: false, "workspace-jp": false, forge: true, guard: true, agent: true });
  });

  // workspace-jp never follows a symlink as the last component (its reference checks the entry with
  // lstat): the link is NOT_FILE, secrets or not.
  const linkRefused: Record<string, unknown> = { "workspace-jp": { error: { code: "NOT_FILE" } } };

  test("when on, a secret gets the profile's own access-denied error, as asked and behind a symlink; when off, it is read", async () => {
    fs.symlinkSync(".env", path.join(secrets, "config.txt"));
    for (const [name, profile] of await loadAllProfiles()) {
      const on = profile.createTool({ root: secrets, secrets: true });
      const off = profile.createTool({ root: secrets, secrets: false });
      for (const input of [".env", "id_ed25519", "config.txt"]) {
        const link = input === "config.txt" ? linkRefused[name] : undefined;
        expect({ name, input, output: await on.call({ path: input }) }).toMatchObject({ name, input, output: link ?? refused[name] });
        if (link === undefined) expect({ name, input, error: off.isError(await off.call({ path: input })) }).toEqual({ name, input, error: false });
        else expect({ name, input, output: await off.call({ path: input }) }).toMatchObject({ name, input, output: link });
      }
    }
  });

  test("a non-boolean `secrets` is refused in the common format", async () => {
    for (const [name, profile] of await loadAllProfiles()) {
      expect(() => profile.parseConfig({ secrets: "yes" })).toThrow(`${name}: invalid option 'secrets' in [${profile.configTable.join(".")}]: expected a boolean, got "yes"`);
    }
  });
});
