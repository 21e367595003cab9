import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, test } from "vitest";
import { makeWorkspace, runCli } from "./run-cli.js";

const OWN_PROFILE = fileURLToPath(new URL("./fixtures/lines-profile.mjs", import.meta.url));

const withConfig = (toml: string, files: Record<string, string> = {}) => {
  const root = makeWorkspace({ "a.txt": "one\ntwo\nthree\n", ...files, "read.config.toml": toml });
  return { root, config: path.join(root, "read.config.toml") };
};

/** A workspace holding a.txt, and the user's own config (outside it) holding `toml`. */
const withUserConfig = (toml: string) => {
  const root = makeWorkspace({ "a.txt": "one\ntwo\nthree\n" });
  const config = path.join(makeWorkspace({}), "custom.toml");
  fs.writeFileSync(config, toml);
  return { root, config };
};

describe("read.config.toml", () => {
  test("`profile = NAME` in the user's --config selects the profile", () => {
    const { root, config } = withUserConfig('profile = "workspace-jp"\n');
    const run = runCli(["call", "--root", root, "--config", config, '{"path":"a.txt"}']);
    expect(JSON.parse(run.stdout)).toMatchObject({ path: "a.txt", truncated: false });
    expect(JSON.parse(runCli(["schema", "--root", root, "--config", config]).stdout).name).toBe("read_file");
  });

  test("--profile overrides the config's profile", () => {
    const { root, config } = withUserConfig('profile = "workspace-jp"\n');
    const run = runCli(["schema", "--profile", "forge", "--root", root, "--config", config]);
    expect(JSON.parse(run.stdout).name).toBe("Read");
    expect(JSON.parse(run.stdout).aliases).toBeDefined();
  });

  test("a profile's table sets its options ([tools.read_file] for forge)", () => {
    const { root, config } = withUserConfig('profile = "forge"\n[tools.read_file]\nshow_line_numbers = false\n');
    const run = runCli(["call", "--root", root, "--config", config, '{"path":"a.txt"}']);
    expect(JSON.parse(run.stdout)).toMatchObject({ content: "one\ntwo\nthree\n", line_numbers: false });
  });

  test("the workspace's own file may name the profile already chosen", () => {
    const { root } = withConfig('profile = "agent"\n');
    expect(JSON.parse(runCli(["schema", "--root", root]).stdout).name).toBe("read");
    const forge = withConfig('profile = "forge"\n');
    expect(JSON.parse(runCli(["schema", "--profile", "forge", "--root", forge.root]).stdout).name).toBe("Read");
  });

  const bad: Array<[string, string, RegExp]> = [
    ["an unknown top-level key", "colour = 1\n", /key 'colour': unknown key/],
    ["an unknown profile", 'profile = "vim"\n', /key 'profile': unknown profile 'vim'/],
    ["a profile that is not a string", "profile = 3\n", /key 'profile': expected a string/],
    [
      "an unknown key in a profile's table",
      "[tools.read_file]\nmax_bytes = 3\n",
      /: forge: invalid option 'max_bytes' in \[tools\.read_file\]: unknown key \(accepted keys: max_file_read_bytes, max_answer_bytes, max_scan_bytes, show_line_numbers, denied_patterns, secrets\)\n$/,
    ],
    [
      "an unknown key in another profile's table, in the same format",
      "[guard]\nblock = []\n",
      /: guard: invalid option 'block' in \[guard\]: unknown key \(accepted keys: blocked, default_blocked, respect_gitignore, max_answer_bytes, secrets\)\n$/,
    ],
    ["a wrong type in a profile's table", '[tools.read_file]\nmax_scan_bytes = "lots"\n', /: forge: invalid option 'max_scan_bytes' in \[tools\.read_file\]: expected a number, got "lots" \(accepted keys: /],
    ["a TOML float for a byte limit", "[tools.read_file]\nmax_file_read_bytes = 204800.0\n", /key 'tools\.read_file\.max_file_read_bytes': expected an integer, got the float 204800\.0\n$/],
    ["a TOML syntax error, with its line and column", 'profile = "forge"\n[tools.read_file\nx = 1\n', /not valid TOML at line 2, column \d+: /],
    ["an unknown sub-table", "[tools.write_file]\nx = 1\n", /key 'tools.write_file': unknown key/],
    ["invalid TOML", "profile = \n", /not valid TOML/],
  ];
  for (const [name, toml, message] of bad) {
    test(`${name} exits 2 naming the file, the key and the reason`, () => {
      const { root, config } = withConfig(toml);
      const run = runCli(["call", "--root", root, '{"path":"a.txt"}']);
      expect(run.status).toBe(2);
      expect(run.stdout).toBe("");
      expect(run.stderr).toContain(`bad config ${config}`);
      expect(run.stderr).toMatch(message);
    });
  }

  test("a key or a value holding ESC or U+202E is echoed quoted and escaped, never raw (in a profile's table and at the top level)", () => {
    const accepted = "(accepted keys: max_file_read_bytes, max_answer_bytes, max_scan_bytes, show_line_numbers, denied_patterns, secrets)";
    const cases: [string, string][] = [
      ['profile = "forge"\n[tools.read_file]\n"a\\u001b[31mRED\\u202e" = 1\n', `forge: invalid option 'a\\x1b[31mRED\\u202e' in [tools.read_file]: unknown key ${accepted}`],
      ['profile = "forge"\n[tools.read_file]\nmax_scan_bytes = "\\u001b[2J\\u202e"\n', `forge: invalid option 'max_scan_bytes' in [tools.read_file]: expected a number, got "\\x1b[2J\\u202e" ${accepted}`],
      ['"a\\u001b[31mRED\\u202e" = 1\n', "key 'a\\x1b[31mRED\\u202e': unknown key (expected 'profile' or one of the tables [envelope], [workspace-jp], [tools.read_file], [guard], [agent])"],
      ['profile = "\\u001b[31m\\u202e"\n', "key 'profile': unknown profile '\\x1b[31m\\u202e' (known: envelope, workspace-jp, forge, guard, agent; or a module path such as ./my-profile.js)"],
    ];
    for (const [toml, reason] of cases) {
      const { root, config } = withConfig(toml);
      const run = runCli(["call", "--root", root, '{"path":"a.txt"}']);
      expect(run.status, toml).toBe(2);
      expect(run.stdout).toBe("");
      expect(run.stderr).toBe(`read-tool: bad config ${config}: ${reason}\n`);
    }
  });

  test("a --config file that does not exist exits 2", () => {
    const root = makeWorkspace({});
    const run = runCli(["schema", "--root", root, "--config", path.join(root, "nope.toml")]);
    expect(run.status).toBe(2);
    expect(run.stderr).toBe(`read-tool: config file ${path.join(root, "nope.toml")} does not exist\n`);
  });

  test("`secrets = true` in [envelope] refuses .env with envelope's access-denied error; without it (the default) .env is read", () => {
    const { root } = withConfig("[envelope]\nsecrets = true\n", { ".env": "TOKEN=1\n" });
    const refused = runCli(["call", "--profile", "envelope", "--root", root, '{"path":".env"}']);
    expect(refused.status).toBe(0);
    expect(JSON.parse(refused.stdout)).toMatchObject({
      status: "error",
      error: { code: "ACCESS_DENIED", message: "Access denied. Path '.env' is sensitive (an environment file (.env, .env.*)); the secrets policy (secrets = true in [envelope]) refuses it." },
    });
    fs.rmSync(path.join(root, "read.config.toml"));
    const read = runCli(["call", "--profile", "envelope", "--root", root, '{"path":".env"}']);
    expect(JSON.parse(read.stdout)).toMatchObject({ status: "success", data: { content: "   1 | TOKEN=1\n" } });
  });

  describe("a profile of one's own, by path (with its own copy of @read/core)", () => {
    test("its table sets its options", () => {
      const { root } = withConfig("[lines]\nmax_lines = 1\n");
      const run = runCli(["call", "--profile", OWN_PROFILE, "--root", root, '{"path":"a.txt"}']);
      expect(run.stderr).toBe("");
      expect(JSON.parse(run.stdout)).toEqual({ lines: ["one"] });
    });

    test("a bad option in its table exits 2 with its ProfileConfigError, like a registered profile's", () => {
      const { root, config } = withConfig("[lines]\nmax_lines = 0\n");
      const run = runCli(["call", "--profile", OWN_PROFILE, "--root", root, '{"path":"a.txt"}']);
      expect(run.status).toBe(2);
      expect(run.stderr).toBe(`read-tool: bad config ${config}: lines: invalid option 'max_lines' in [lines]: expected at least 1, got 0 (accepted keys: max_lines, secrets)\n`);
    });
  });
});
