import { execFileSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { describe, expect, test } from "vitest";
import { makeTempDir } from "../../../vitest.temp-dirs.js";
import { makeWorkspace, runCli } from "./run-cli.js";

// Issue 30: the workspace is the attacker's. Its own read.config.toml may only tighten; loading a module,
// turning a protection off or raising a limit needs the user's own configuration.

const REMEDY =
  "the workspace's own read.config.toml may only tighten (turn a protection on, add patterns, lower a limit). Set it in your own configuration instead: --config FILE, $READ_TOOL_CONFIG, or ~/.config/read/config.toml (docs/security.md, \"Configuration\")";

/** A profile module that leaves a mark when it is imported, so a test sees whether workspace code ran. */
function plantModule(root: string): { module: string; mark: string } {
  const mark = path.join(makeTempDir("read-trust-mark-"), "ran");
  const module = path.join(root, ".tools", "x.mjs");
  fs.mkdirSync(path.dirname(module), { recursive: true });
  fs.writeFileSync(module, `import fs from "node:fs";\nfs.appendFileSync(${JSON.stringify(mark)}, "ran\\n");\nexport const profile = undefined;\n`);
  return { module, mark };
}

function userConfig(toml: string): string {
  const file = path.join(makeTempDir("read-trust-user-"), "config.toml");
  fs.writeFileSync(file, toml);
  return file;
}

const SECRETS = { "a.txt": "hello\n", ".env": "TOKEN=1\n", "app.log": "log line\n", ".gitignore": "*.log\n" };

describe("issue 30 case 1: a workspace's read.config.toml never loads a profile module", () => {
  const commands: [string, string[]][] = [
    ["call --profile guard", ["call", "--profile", "guard", '{"path":"a.txt"}']],
    ["call", ["call", '{"path":"a.txt"}']],
    ["schema", ["schema"]],
    ["jsonl", ["jsonl"]],
    ["mcp", ["mcp"]],
    ["repl", ["repl"]],
  ];
  for (const [name, args] of commands) {
    test(`read-tool ${name}: exit 2 naming the key, and the module never ran`, () => {
      const root = makeWorkspace({ "a.txt": "hello\n", "read.config.toml": 'profile = "./.tools/x.mjs"\n' });
      const { mark } = plantModule(root);
      const run = runCli([...args.slice(0, 1), "--root", root, ...args.slice(1)]);
      expect(run.status).toBe(2);
      expect(run.stdout).toBe("");
      expect(run.stderr).toBe(`read-tool: ${path.join(root, "read.config.toml")}: key 'profile' = './.tools/x.mjs' would load and run a profile module from the workspace; ${REMEDY}\n`);
      expect(fs.existsSync(mark)).toBe(false);
    });
  }

  test("the user's own --config may load a profile module (resolved from its own directory)", () => {
    const root = makeWorkspace({ "a.txt": "hello\n" });
    const { module, mark } = plantModule(makeTempDir("read-trust-tools-"));
    const config = path.join(path.dirname(path.dirname(module)), "config.toml");
    fs.writeFileSync(config, 'profile = "./.tools/x.mjs"\n');
    const run = runCli(["call", "--root", root, "--config", config, '{"path":"a.txt"}']);
    // The module ran (its mark is there); it exports no profile, which is the error.
    expect(fs.readFileSync(mark, "utf8")).toBe("ran\n");
    expect(run.status).toBe(2);
    expect(run.stderr).toBe("read-tool: the module './.tools/x.mjs' exports no 'profile' made with defineProfile\n");
  });

  test("a workspace's profile other than the chosen one is an error, not obeyed", () => {
    const root = makeWorkspace({ "a.txt": "hello\n", "read.config.toml": 'profile = "envelope"\n' });
    const run = runCli(["call", "--profile", "guard", "--root", root, '{"path":"a.txt"}']);
    expect(run.status).toBe(2);
    expect(run.stderr).toBe(`read-tool: ${path.join(root, "read.config.toml")}: key 'profile' = 'envelope' would change the profile (guard, chosen by the command line); ${REMEDY}\n`);
    const byDefault = makeWorkspace({ "a.txt": "hello\n", "read.config.toml": 'profile = "forge"\n' });
    expect(runCli(["schema", "--root", byDefault]).stderr).toContain("key 'profile' = 'forge' would change the profile (agent, chosen by default)");
  });
});

describe("issue 30 case 2: a workspace's read.config.toml cannot switch a protection off or raise a limit", () => {
  const loosenings: [string, string, string, string][] = [
    ["guard", "[guard]\nsecrets = false\n", "key 'guard.secrets' turns the protection off", ".env"],
    ["guard", "[guard]\nrespect_gitignore = false\n", "key 'guard.respect_gitignore' turns the protection off", "app.log"],
    ["guard", "[guard]\ndefault_blocked = false\n", "key 'guard.default_blocked' turns the protection off", "/etc/hostname"],
    ["forge", "[tools.read_file]\nsecrets = false\n", "key 'tools.read_file.secrets' turns the protection off", ".env"],
    [
      "forge",
      "[tools.read_file]\ndenied_patterns = []\n",
      "key 'tools.read_file.denied_patterns' does not begin with the 30 patterns denied now (your configuration's, or the defaults), in order (it may only add deny patterns after them)",
      ".env",
    ],
    ["envelope", "[envelope]\nmax_answer_bytes = 1048576\n", "key 'envelope.max_answer_bytes' raises the limit from 262144 to 1048576", "a.txt"],
    ["envelope", "[envelope]\nmax_file_bytes = 68719476736\n", "key 'envelope.max_file_bytes' raises the limit from 4294967296 to 68719476736", "a.txt"],
    ["envelope", '[envelope]\ncwd = "sub"\n', "key 'envelope.cwd' changes a setting that is not a protection (only your own configuration may set it)", "a.txt"],
  ];
  for (const [profile, toml, reason, target] of loosenings) {
    test(`${profile}: ${toml.trim().replace(/\n/g, " ")} exits 2 with the key, the reason and where to set it instead`, () => {
      const root = makeWorkspace({ ...SECRETS, "sub/b.txt": "b\n", "read.config.toml": toml });
      for (const command of ["call", "jsonl", "mcp"]) {
        const args = command === "call" ? ["call", "--profile", profile, "--root", root, JSON.stringify({ path: target })] : [command, "--profile", profile, "--root", root];
        const run = runCli(args);
        expect(run.status, command).toBe(2);
        expect(run.stdout).toBe("");
        expect(run.stderr).toBe(`read-tool: ${path.join(root, "read.config.toml")}: ${reason}; ${REMEDY}\n`);
      }
    });
  }

  test("several loosenings are named in one message", () => {
    const root = makeWorkspace({ ...SECRETS, "read.config.toml": "[guard]\nsecrets = false\nrespect_gitignore = false\n" });
    const run = runCli(["call", "--profile", "guard", "--root", root, '{"path":".env"}']);
    expect(run.stderr).toBe(`read-tool: ${path.join(root, "read.config.toml")}: key 'guard.secrets' turns the protection off; key 'guard.respect_gitignore' turns the protection off; ${REMEDY}\n`);
  });

  test("the workspace may tighten: add a blocked pattern, turn secrets on, lower a limit, add a deny pattern after forge's", () => {
    const root = makeWorkspace({ ...SECRETS, "notes.md": "n\n", "read.config.toml": '[guard]\nblocked = ["*.md"]\n[envelope]\nsecrets = true\nmax_window_bytes = 4\n' });
    expect(JSON.parse(runCli(["call", "--profile", "guard", "--root", root, '{"path":"notes.md"}']).stdout)).toEqual({
      error: 'permission denied by policy: path "notes.md" is blocked',
    });
    expect(JSON.parse(runCli(["call", "--profile", "envelope", "--root", root, '{"path":".env"}']).stdout)).toMatchObject({ status: "error", error: { code: "ACCESS_DENIED" } });
    expect(JSON.parse(runCli(["call", "--profile", "envelope", "--root", root, '{"path":"a.txt"}']).stdout)).toMatchObject({ status: "partial", data: { content: "   1 | hell\n", truncated: true } });

    const forge = makeWorkspace({ ...SECRETS, "read.config.toml": '[tools.read_file]\nmax_file_read_bytes = 100\ndenied_patterns = ["**/.env", "**/*.txt"]\n' });
    const mine = userConfig('[tools.read_file]\ndenied_patterns = ["**/.env"]\n');
    expect(JSON.parse(runCli(["call", "--profile", "forge", "--root", forge, "--config", mine, '{"path":"a.txt"}']).stdout)).toMatchObject({ error: { code: "SANDBOX_DENIED" } });
    fs.writeFileSync(path.join(forge, "read.config.toml"), '[tools.read_file]\ndenied_patterns = ["**/.env", "!a.txt"]\n');
    expect(runCli(["call", "--profile", "forge", "--root", forge, "--config", mine, '{"path":"a.txt"}']).stderr).toBe(
      `read-tool: ${path.join(forge, "read.config.toml")}: key 'tools.read_file.denied_patterns' adds an exception ("!a.txt"), which re-allows what is denied; ${REMEDY}\n`,
    );
  });

  test("a limit the user lowered cannot be raised back by the workspace, only lowered further", () => {
    const config = userConfig("[tools.read_file]\nmax_file_read_bytes = 1000\n");
    const raised = makeWorkspace({ "a.txt": "hello\n", "read.config.toml": "[tools.read_file]\nmax_file_read_bytes = 2000\n" });
    const run = runCli(["call", "--profile", "forge", "--root", raised, "--config", config, '{"path":"a.txt"}']);
    expect(run.stderr).toBe(`read-tool: ${path.join(raised, "read.config.toml")}: key 'tools.read_file.max_file_read_bytes' raises the limit from 1000 to 2000; ${REMEDY}\n`);
    const lowered = makeWorkspace({ "a.txt": "hello\n", "read.config.toml": "[tools.read_file]\nmax_file_read_bytes = 500\n" });
    expect(runCli(["call", "--profile", "forge", "--root", lowered, "--config", config, '{"path":"a.txt"}']).status).toBe(0);
  });

  test("the user's own configuration may turn a protection off: --config, $READ_TOOL_CONFIG, and $XDG_CONFIG_HOME/read/config.toml", () => {
    const root = makeWorkspace(SECRETS);
    const call = ["call", "--profile", "guard", "--root", root, '{"path":".env"}'];
    const refused = JSON.parse(runCli(call).stdout);
    expect(refused.error).toMatch(/^permission denied by policy/);

    const file = userConfig("[guard]\nsecrets = false\n");
    expect(JSON.parse(runCli([...call.slice(0, 5), "--config", file, call[5]!]).stdout)).toMatchObject({ content: "TOKEN=1\n" });
    expect(JSON.parse(runCli(call, { env: { READ_TOOL_CONFIG: file } }).stdout)).toMatchObject({ content: "TOKEN=1\n" });
    const xdg = path.dirname(path.dirname(userConfig("")));
    fs.mkdirSync(path.join(xdg, "read"), { recursive: true });
    fs.writeFileSync(path.join(xdg, "read", "config.toml"), "[guard]\nsecrets = false\n");
    expect(JSON.parse(runCli(call, { env: { XDG_CONFIG_HOME: xdg } }).stdout)).toMatchObject({ content: "TOKEN=1\n" });
  });

  test("--config wins over $READ_TOOL_CONFIG, which wins over the user config file; a missing $READ_TOOL_CONFIG file is an error", () => {
    const root = makeWorkspace(SECRETS);
    const open = userConfig("[guard]\nsecrets = false\n");
    const closed = userConfig("[guard]\nsecrets = true\n");
    const call = (extra: string[], env: NodeJS.ProcessEnv) => JSON.parse(runCli(["call", "--profile", "guard", "--root", root, ...extra, '{"path":".env"}'], { env }).stdout);
    expect(call(["--config", closed], { READ_TOOL_CONFIG: open }).error).toMatch(/^permission denied by policy/);
    expect(call([], { READ_TOOL_CONFIG: open }).content).toBe("TOKEN=1\n");
    const missing = path.join(root, "nope.toml");
    const run = runCli(["schema", "--root", root], { env: { READ_TOOL_CONFIG: missing } });
    expect(run.status).toBe(2);
    expect(run.stderr).toBe(`read-tool: config file ${missing} does not exist (named by $READ_TOOL_CONFIG)\n`);
  });

  test("--config naming the workspace's own file trusts it: it is read once, as the user's", () => {
    const root = makeWorkspace({ ...SECRETS, "read.config.toml": "[guard]\nsecrets = false\n" });
    const run = runCli(["call", "--profile", "guard", "--root", root, "--config", path.join(root, "read.config.toml"), '{"path":".env"}']);
    expect(JSON.parse(run.stdout)).toMatchObject({ content: "TOKEN=1\n" });
  });
});

describe("issue 30 cases 2 and 4: what a workspace's file may add is bounded in size and cost", () => {
  test("a forge deny pattern with more than two * or ** is refused from the workspace (it would backtrack), accepted from your own config", () => {
    const costly = `/${"*".repeat(24)}#`;
    const mine = userConfig('[tools.read_file]\ndenied_patterns = ["**/.env"]\n');
    const root = makeWorkspace({ "a.txt": "hello\n", "read.config.toml": `[tools.read_file]\ndenied_patterns = ["**/.env", "a/*b*c*"]\n` });
    const run = runCli(["call", "--profile", "forge", "--root", root, "--config", mine, '{"path":"a.txt"}']);
    expect(run.stderr).toBe(
      `read-tool: ${path.join(root, "read.config.toml")}: key 'tools.read_file.denied_patterns' adds "a/*b*c*", with more than two * or ** (a pattern a workspace adds holds at most two, as forge's own do); ${REMEDY}\n`,
    );
    // A run of * is one wildcard: the pattern the review found hanging forge for 20 s answers at once.
    const yours = userConfig(`[tools.read_file]\ndenied_patterns = ["**/.env", ${JSON.stringify(costly)}]\n`);
    const read = runCli(["call", "--profile", "forge", "--root", makeWorkspace({ "a.txt": "hello\n" }), "--config", yours, '{"path":"a.txt"}']);
    expect(JSON.parse(read.stdout)).toMatchObject({ content: "1| hello\n" });
  });

  test("a workspace's list holds at most 256 entries and its strings at most 1024 characters", () => {
    const many = makeWorkspace({ "a.txt": "hello\n", "read.config.toml": `[guard]\nblocked = ${JSON.stringify(Array.from({ length: 257 }, (_, i) => `x${i}`))}\n` });
    expect(runCli(["call", "--profile", "guard", "--root", many, '{"path":"a.txt"}']).stderr).toBe(
      `read-tool: bad config ${path.join(many, "read.config.toml")}: key 'guard.blocked': a workspace's read.config.toml may list at most 256 entries here, got 257; ${REMEDY}\n`,
    );
    const long = makeWorkspace({ "a.txt": "hello\n", "read.config.toml": `[guard]\nblocked = [${JSON.stringify("x".repeat(1025))}]\n` });
    expect(runCli(["call", "--profile", "guard", "--root", long, '{"path":"a.txt"}']).stderr).toBe(
      `read-tool: bad config ${path.join(long, "read.config.toml")}: key 'guard.blocked.0': a workspace's read.config.toml may give at most 1024 characters here, got 1025; ${REMEDY}\n`,
    );
  });

  test("a value nested past 8 levels (a chain of dotted keys) is a usage error, not a stack overflow", () => {
    const root = makeWorkspace({ "a.txt": "hello\n", "read.config.toml": `[guard]\nblocked.${Array.from({ length: 3000 }, () => "a").join(".")} = 1\n` });
    const run = runCli(["call", "--profile", "guard", "--root", root, '{"path":"a.txt"}']);
    expect(run.status).toBe(2);
    expect(run.stderr).toBe(`read-tool: bad config ${path.join(root, "read.config.toml")}: key 'guard': nested more than 8 levels deep (no option is)\n`);
  });

  test("a table given twice (a quoted dotted key, then the table) is an error, not the second silently winning", () => {
    const root = makeWorkspace({ "a.txt": "hello\n", "read.config.toml": '"tools.read_file" = { secrets = false }\n[tools.read_file]\nmax_scan_bytes = 100\n' });
    const run = runCli(["call", "--profile", "forge", "--root", root, '{"path":"a.txt"}']);
    expect(run.stderr).toBe(`read-tool: bad config ${path.join(root, "read.config.toml")}: key 'tools.read_file': the table is given twice (a quoted dotted key and a table, say)\n`);
  });
});

describe("issue 30 case 3: the config file is read as carefully as a served file", () => {
  test("a read.config.toml with other names (a hard link) is refused unread", () => {
    const outside = makeTempDir("read-trust-outside-");
    fs.writeFileSync(path.join(outside, "secret.toml"), '[guard]\nblocked = "TOPSECRET-VALUE"\n');
    const root = makeWorkspace({ "a.txt": "hello\n" });
    fs.linkSync(path.join(outside, "secret.toml"), path.join(root, "read.config.toml"));
    const run = runCli(["call", "--profile", "guard", "--root", root, '{"path":"a.txt"}']);
    expect(run.stderr).toBe(`read-tool: config file ${path.join(root, "read.config.toml")} has other names (a hard link); the workspace's own config is read only when it has none (it was not read)\n`);
  });

  test("a relative $XDG_CONFIG_HOME or $HOME is ignored (the XDG rule): a file in the workspace never becomes your config", () => {
    const root = makeWorkspace({ ".env": "T=1\n", "cfg/read/config.toml": "[guard]\nsecrets = false\n", ".config/read/config.toml": "[guard]\nsecrets = false\n" });
    for (const env of [{ XDG_CONFIG_HOME: "cfg" }, { XDG_CONFIG_HOME: "", HOME: "." }]) {
      const run = runCli(["call", "--profile", "guard", '{"path":".env"}'], { cwd: root, env });
      expect(JSON.parse(run.stdout).error, JSON.stringify(env)).toMatch(/^permission denied by policy/);
    }
  });

  test("a registered profile's package name in the workspace's file is that profile (never a module to load)", () => {
    const root = makeWorkspace({ "a.txt": "hello\n", "read.config.toml": 'profile = "@read/guard"\n' });
    expect(runCli(["schema", "--profile", "guard", "--root", root]).status).toBe(0);
    expect(runCli(["schema", "--root", root]).stderr).toContain("key 'profile' = 'guard' would change the profile (agent, chosen by default)");
  });

  const CONFIG = "read.config.toml";

  test("a FIFO named read.config.toml is refused at once, never opened for a blocking read", () => {
    const root = makeWorkspace({ "a.txt": "hello\n" });
    execFileSync("mkfifo", [path.join(root, CONFIG)]);
    for (const command of [["call", "--root", root, '{"path":"a.txt"}'], ["schema", "--root", root], ["mcp", "--root", root], ["jsonl", "--root", root]]) {
      const run = runCli(command);
      expect(run.status, command[0]).toBe(2);
      expect(run.stderr).toBe(`read-tool: config file ${path.join(root, CONFIG)} is not a regular file (a fifo); it was not read\n`);
    }
  });

  test("a read.config.toml linking to /dev/zero or out of the root is refused unread: nothing of the outside file is echoed", () => {
    const outside = makeTempDir("read-trust-outside-");
    fs.writeFileSync(path.join(outside, "secret.toml"), '[guard]\nsecrets = "TOPSECRET-VALUE"\n');
    for (const target of ["/dev/zero", path.join(outside, "secret.toml")]) {
      const root = makeWorkspace({ "a.txt": "hello\n" });
      fs.symlinkSync(target, path.join(root, CONFIG));
      const run = runCli(["call", "--profile", "guard", "--root", root, '{"path":"a.txt"}']);
      expect(run.status).toBe(2);
      expect(run.stderr).toBe(`read-tool: config file ${path.join(root, CONFIG)} links outside the workspace root; the workspace's own config is read only inside the root (it was not read)\n`);
      expect(run.stderr).not.toContain("TOPSECRET");
    }
  });

  test("a read.config.toml linking to a file inside the root is read", () => {
    const root = makeWorkspace({ "a.txt": "hello\n", "conf/read.toml": "[envelope]\nsecrets = true\n", ".env": "T=1\n" });
    fs.symlinkSync("conf/read.toml", path.join(root, CONFIG));
    expect(JSON.parse(runCli(["call", "--profile", "envelope", "--root", root, '{"path":".env"}']).stdout)).toMatchObject({ error: { code: "ACCESS_DENIED" } });
  });

  test("a config file over 1 MiB is refused unread; a user's --config of a device too", () => {
    const root = makeWorkspace({ "a.txt": "hello\n", [CONFIG]: `# ${"x".repeat(1024 * 1024)}\n` });
    expect(runCli(["schema", "--root", root]).stderr).toBe(
      `read-tool: config file ${path.join(root, CONFIG)} is over 1048576 bytes; a config file is a few lines of TOML (it was not read)\n`,
    );
    const clean = makeWorkspace({ "a.txt": "hello\n" });
    expect(runCli(["schema", "--root", clean, "--config", "/dev/zero"]).stderr).toBe("read-tool: config file /dev/zero is not a regular file (a character device); it was not read\n");
  });
});

describe("issue 30 case 8: bounded input", () => {
  test("read-tool call - refuses a stdin of more than 16 MiB with a usage error", () => {
    const root = makeWorkspace({ "a.txt": "hello\n" });
    const big = JSON.stringify({ path: "a.txt", pad: "x".repeat(17 * 1024 * 1024) });
    const run = runCli(["call", "--root", root, "-"], { stdin: big });
    expect(run.status).toBe(2);
    expect(run.stdout).toBe("");
    expect(run.stderr).toBe("read-tool: stdin holds more than 16777216 bytes; a call's JSON arguments must fit in 16 MiB (they are usually a few hundred bytes)\n");
  });
});
