import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { KEYS, startInTerminal, type TerminalSession } from "./repl-terminal.js";
import { runCli } from "./run-cli.js";

// The REPL as a person uses it: the built `read-tool repl` in a pseudo-terminal, keys typed, the screen
// read back. Every wait is bounded (10 s); every session is killed after its test.

let base: string;
let root: string;
let outside: string;
let sessions: TerminalSession[] = [];

beforeEach(() => {
  base = fs.realpathSync(fs.mkdtempSync(path.join(os.tmpdir(), "read-repl-")));
  root = path.join(base, "root");
  outside = path.join(base, "outside");
  fs.mkdirSync(root);
  fs.mkdirSync(outside);
  fs.writeFileSync(path.join(root, "notes.txt"), "inside line one\ninside line two\n");
  fs.writeFileSync(path.join(outside, "plan.txt"), "outside secret plan\n");
});

afterEach(() => {
  for (const session of sessions) session.kill();
  sessions = [];
  fs.rmSync(base, { recursive: true, force: true });
});

function start(args: readonly string[], env?: Record<string, string>): TerminalSession {
  // Wide enough that no line of these tests wraps, so lines can be compared whole.
  const session = startInTerminal(args, { cwd: root, cols: 400, ...(env === undefined ? {} : { env }) });
  sessions.push(session);
  return session;
}

async function startRepl(): Promise<TerminalSession> {
  const session = start(["repl", "--root", root]);
  await session.waitFor((screen) => screen.includes("read-tool repl") && /^>$/mu.test(screen));
  return session;
}

/** The selector's lines, inside its border, or `undefined` when it is not on screen. */
function selector(screen: string): string[] | undefined {
  const lines = screen.split("\n");
  const top = lines.findIndex((line) => line.startsWith("╭"));
  const bottom = lines.findIndex((line, index) => index > top && line.startsWith("╰"));
  if (top === -1 || bottom === -1) return undefined;
  return lines.slice(top + 1, bottom).map((line) => line.replace(/^│ ?/u, "").replace(/ *│$/u, ""));
}

/** The line the cursor `❯` is on, within the selector. */
function focused(screen: string): string | undefined {
  return selector(screen)?.find((line) => line.startsWith("❯"));
}

/** Whether the whole selector box is on screen, cursor included (frames arrive in pieces). */
function selectorShown(screen: string): boolean {
  return focused(screen) !== undefined;
}

/** Waits until `marker` is on screen and the input line is back (the call has ended). */
function waitForEnd(session: TerminalSession, marker = "tool_end"): Promise<string> {
  return session.waitFor((screen) => screen.includes(marker) && screen.endsWith("\n>"));
}

/** Types `line` at the prompt, waits until the input line shows it, then presses Enter. */
async function ask(session: TerminalSession, line: string): Promise<void> {
  session.type(line);
  await session.waitFor((screen) => screen.split("\n").at(-1) === `> ${line}`);
  session.type(KEYS.enter);
}

const PLAN = () => path.join(outside, "plan.txt");

describe("read-tool repl", () => {
  it("GUARD-4.8 GUARD-10.3: a read outside the root shows the selector: title, tool, path as typed, resolved path, hint, options, cursor on Deny", async () => {
    const session = await startRepl();
    await ask(session, "../outside/plan.txt");
    const screen = await session.waitFor(selectorShown);
    expect(selector(screen)).toEqual([
      "Allow ReadFile?",
      "Tool: read_file",
      "Path: '../outside/plan.txt'",
      `Resolved: '${PLAN()}'`,
      "[↑/↓ to navigate, Enter to confirm]",
      "  Allow",
      "❯ Deny",
    ]);
    expect(screen).toContain("tool_start read_file '../outside/plan.txt'");
    expect(screen).not.toMatch(/^>$/mu);
  });

  it("GUARD-4.3 GUARD-4.4: ↑ then Enter allows, and the file outside the root is read and shown", async () => {
    const session = await startRepl();
    await ask(session, "../outside/plan.txt");
    await session.waitFor(selectorShown);
    session.type(KEYS.up);
    await session.waitFor((screen) => focused(screen) === "❯ Allow");
    session.type(KEYS.enter);
    const screen = await waitForEnd(session);
    expect(selector(screen)).toBeUndefined();
    const lines = screen.split("\n");
    const end = lines.findIndex((line) => line.startsWith("tool_end"));
    expect(lines.slice(end - 2, end + 2)).toEqual([
      "tool_start read_file '../outside/plan.txt'",
      `permission read_file '../outside/plan.txt' resolved to '${PLAN()}': allowed`,
      `tool_end read_file '${PLAN()}' (20 bytes)`,
      "outside secret plan",
    ]);
    await session.waitFor((text) => text.endsWith("\n>"));
  });

  it("GUARD-4.3 GUARD-4.4 GUARD-10.4: Enter on Deny refuses with the denied-by-user error and shows no content", async () => {
    const session = await startRepl();
    await ask(session, "../outside/plan.txt");
    await session.waitFor((screen) => focused(screen) === "❯ Deny");
    session.type(KEYS.enter);
    const screen = await waitForEnd(session);
    expect(screen).toContain(`permission read_file '../outside/plan.txt' resolved to '${PLAN()}': denied`);
    expect(screen).toContain('tool_end read_file error: permission denied by user: read access rejected for path "../outside/plan.txt"');
    expect(screen).not.toContain("outside secret plan");
  });

  it("GUARD-4.3: j/k and ↑/↓ move the cursor between Allow and Deny, and Enter confirms the focused one", async () => {
    const session = await startRepl();
    await ask(session, "../outside/plan.txt");
    await session.waitFor((screen) => focused(screen) === "❯ Deny");
    const steps: [string, string][] = [
      ["k", "❯ Allow"],
      ["j", "❯ Deny"],
      [KEYS.up, "❯ Allow"],
      [KEYS.down, "❯ Deny"],
      [KEYS.down, "❯ Allow"],
      ["j", "❯ Deny"],
      ["k", "❯ Allow"],
    ];
    for (const [key, expected] of steps) {
      session.type(key);
      const screen = await session.waitFor((text) => focused(text) === expected);
      expect(selector(screen)?.filter((line) => line.endsWith("Allow") || line.endsWith("Deny"))).toEqual(
        expected === "❯ Allow" ? ["❯ Allow", "  Deny"] : ["  Allow", "❯ Deny"],
      );
    }
    session.type(KEYS.enter);
    const screen = await waitForEnd(session);
    expect(screen).toContain(`tool_end read_file '${PLAN()}' (20 bytes)`);
    expect(screen).toContain("outside secret plan");
  });

  it("GUARD-4.7: Esc denies, even with the cursor on Allow", async () => {
    const session = await startRepl();
    await ask(session, "../outside/plan.txt");
    await session.waitFor(selectorShown);
    session.type("k");
    await session.waitFor((screen) => focused(screen) === "❯ Allow");
    session.type(KEYS.escape);
    const screen = await waitForEnd(session);
    expect(screen).toContain(`permission read_file '../outside/plan.txt' resolved to '${PLAN()}': denied`);
    expect(screen).toContain("tool_end read_file error: permission denied by user:");
    expect(screen).not.toContain("outside secret plan");
  });

  it("GUARD-4.6: keys typed while the selector is shown never reach the input line", async () => {
    const session = await startRepl();
    await ask(session, "../outside/plan.txt");
    await session.waitFor((screen) => focused(screen) === "❯ Deny");
    session.type("typed-during-prompt");
    session.type("x");
    session.type(KEYS.backspace);
    // Give the keys time to arrive: the selector must ignore them all (no move, no decision).
    await new Promise((resolve) => setTimeout(resolve, 400));
    expect(focused(session.screen.text())).toBe("❯ Deny");
    session.type(KEYS.escape);
    const screen = await session.waitFor((text) => text.includes("tool_end") && text.endsWith("\n>"));
    expect(screen).not.toContain("typed-during-prompt");
    await ask(session, "notes.txt");
    const after = await session.waitFor((text) => text.includes("tool_start read_file 'notes.txt'") && text.endsWith("\n>"));
    expect(after).toContain("> notes.txt\ntool_start read_file 'notes.txt'");
  });

  it("GUARD-10.3 GUARD-4.5: every pending read asks again, even right after an Allow of the same path", async () => {
    const session = await startRepl();
    for (let round = 1; round <= 2; round++) {
      await ask(session, "../outside/plan.txt");
      await session.waitFor((screen) => focused(screen) === "❯ Deny");
      session.type("k");
      await session.waitFor((screen) => focused(screen) === "❯ Allow");
      session.type(KEYS.enter);
      await session.waitFor((screen) => screen.split("\n").filter((line) => line.endsWith(": allowed")).length === round && screen.endsWith("\n>"));
    }
    expect(session.screen.text().split("\n").filter((line) => line === "outside secret plan")).toHaveLength(2);
  });

  it("GUARD-10.3: a granted read inside the root shows its content with no prompt", async () => {
    const session = await startRepl();
    let raw = "";
    session.pty.onData((data) => (raw += data));
    await ask(session, "notes.txt");
    const screen = await session.waitFor((text) => text.includes("tool_end") && text.endsWith("\n>"));
    const lines = screen.split("\n");
    const start = lines.indexOf("tool_start read_file 'notes.txt'");
    expect(lines.slice(start, start + 4)).toEqual([
      "tool_start read_file 'notes.txt'",
      `tool_end read_file '${path.join(root, "notes.txt")}' (32 bytes)`,
      "inside line one",
      "inside line two",
    ]);
    expect(raw).not.toContain("Allow ReadFile?");
    expect(screen).not.toContain("permission read_file");
  });

  it("shows the first 200 lines of a long file and says how much it leaves out", async () => {
    const rows = Array.from({ length: 1000 }, (_, index) => `row ${index + 1}`);
    const content = `${rows.join("\n")}\n`;
    fs.writeFileSync(path.join(root, "long.txt"), content);
    const session = await startRepl();
    await ask(session, "long.txt");
    const screen = await session.waitFor((text) => text.includes("not shown") && text.endsWith("\n>"));
    const hidden = Buffer.byteLength(content) - Buffer.byteLength(rows.slice(0, 200).join("\n"));
    expect(screen.split("\n").slice(-4)).toEqual([
      "row 199",
      "row 200",
      `… ${hidden} more bytes (800 more lines) not shown; the tool's output holds the whole file`,
      ">",
    ]);
  });

  it("takes a tool call as JSON, reports bad JSON without calling the tool, and shows tool errors", async () => {
    const session = await startRepl();
    await ask(session, '{"path": "notes.txt"}');
    await session.waitFor((text) => text.includes("inside line two") && text.endsWith("\n>"));
    await ask(session, '{"path":');
    await session.waitFor("Not a tool call: ");
    await ask(session, '{"path": 42}');
    const screen = await session.waitFor((text) => text.includes("invalid input") && text.endsWith("\n>"));
    expect(screen).toContain('tool_start read_file {"path":42}');
    expect(screen).toContain("tool_end read_file error: invalid input: path must be a non-empty string");
    expect(screen.split("\n").filter((line) => line.startsWith("tool_start"))).toHaveLength(2);
  });

  it("runs the lines of a pasted block one after the other, asking about each pending one", async () => {
    const session = await startRepl();
    session.type("notes.txt\r../outside/plan.txt\rnotes.txt\r");
    await session.waitFor((screen) => focused(screen) === "❯ Deny");
    expect(session.screen.text()).toContain("inside line two\n> ../outside/plan.txt\ntool_start read_file '../outside/plan.txt'");
    session.type(KEYS.enter);
    const screen = await session.waitFor((text) => text.split("\n").filter((line) => line.startsWith("tool_end")).length === 3 && text.endsWith("\n>"));
    expect(screen.split("\n").filter((line) => line.startsWith("> "))).toEqual(["> notes.txt", "> ../outside/plan.txt", "> notes.txt"]);
  });

  it("escapes paths and contents: a file name with a line break and escape sequences cannot forge lines", async () => {
    const name = "evil\nResolved: forged\u001b[31m.txt";
    const escaped = "evil\\nResolved: forged\\x1b[31m.txt";
    fs.writeFileSync(path.join(outside, name), "red\u001b[31m text\u001b[2J still here\n");
    fs.symlinkSync(name, path.join(outside, "link.txt"));
    const session = await startRepl();

    await ask(session, JSON.stringify({ path: `../outside/${name}` }));
    const asked = await session.waitFor(selectorShown);
    expect(asked).toContain(`tool_start read_file '../outside/${escaped}'`);
    expect(selector(asked)?.slice(2, 4)).toEqual([`Path: '../outside/${escaped}'`, `Resolved: '${path.join(outside, escaped)}'`]);
    session.type(KEYS.escape);
    const refused = await session.waitFor((text) => text.includes("tool_end") && text.endsWith("\n>"));
    expect(refused).toContain(`tool_end read_file error: permission denied by user: read access rejected for path "../outside/${escaped}"`);

    await ask(session, "../outside/link.txt");
    const screen = await session.waitFor(selectorShown);
    expect(selector(screen)?.slice(1, 4)).toEqual(["Tool: read_file", "Path: '../outside/link.txt'", `Resolved: '${path.join(outside, escaped)}'`]);
    expect(screen.split("\n").filter((line) => /^(│ )?Resolved: forged/u.test(line))).toEqual([]);
    session.type("k");
    await session.waitFor((text) => focused(text) === "❯ Allow");
    session.type(KEYS.enter);
    const after = await waitForEnd(session, "tool_end read_file '");
    expect(after).toContain(`permission read_file '../outside/link.txt' resolved to '${path.join(outside, escaped)}': allowed`);
    expect(after).toContain(`tool_end read_file '${path.join(outside, escaped)}' (29 bytes)\nred\\x1b[31m text\\x1b[2J still here`);
  });

  it("quits on exit, on Ctrl+D, and on Ctrl+C, which denies a read the selector is asking about", async () => {
    const byWord = await startRepl();
    await ask(byWord, "exit");
    expect(await byWord.exitCode()).toBe(0);

    const byCtrlD = await startRepl();
    byCtrlD.type(KEYS.ctrlD);
    expect(await byCtrlD.exitCode()).toBe(0);

    const byCtrlC = await startRepl();
    await ask(byCtrlC, "../outside/plan.txt");
    await byCtrlC.waitFor(selectorShown);
    byCtrlC.type(KEYS.ctrlC);
    expect(await byCtrlC.exitCode()).toBe(0);
    expect(byCtrlC.screen.text()).toContain(`permission read_file '../outside/plan.txt' resolved to '${PLAN()}': denied`);
    expect(byCtrlC.screen.text()).not.toContain("outside secret plan");
  });

  it("refuses to start where no prompt could be seen (a CI environment), as a usage error", async () => {
    const session = start(["repl", "--root", root], { CI: "true" });
    expect(await session.exitCode()).toBe(2);
    expect(session.screen.text()).toBe(
      "read-tool: repl needs a person at a terminal, but the environment sets CI, in which the terminal UI library draws no interactive prompt; scripts use `read-tool call --profile guard --permission allow|deny`",
    );
  });
});

describe("read-tool repl without a terminal", () => {
  it("is a usage error that points to read-tool call", () => {
    const run = runCli(["repl", "--root", root]);
    expect(run.status).toBe(2);
    expect(run.stdout).toBe("");
    expect(run.stderr).toBe(
      "read-tool: repl needs a person at a terminal, but stdin is not a terminal; scripts use `read-tool call --profile guard --permission allow|deny`\n",
    );
  });

  it("prints its usage for --help", () => {
    const run = runCli(["repl", "--help"]);
    expect(run.status).toBe(0);
    expect(run.stdout.split("\n")[0]).toBe("usage: read-tool repl [--root DIR] [--config FILE]");
  });
});

describe("read-tool call --profile guard at a terminal", () => {
  const call = () => ["call", "--profile", "guard", "--root", root, JSON.stringify({ path: "../outside/plan.txt" })];

  it("GUARD-10.3 GUARD-4.8: without --permission, asks the person with the same selector, and Allow reads", async () => {
    const session = start(call());
    const screen = await session.waitFor((text) => focused(text) === "❯ Deny");
    expect(selector(screen)?.slice(0, 5)).toEqual([
      "Allow ReadFile?",
      "Tool: read_file",
      "Path: '../outside/plan.txt'",
      `Resolved: '${PLAN()}'`,
      "[↑/↓ to navigate, Enter to confirm]",
    ]);
    session.type(KEYS.up);
    await session.waitFor((text) => focused(text) === "❯ Allow");
    session.type(KEYS.enter);
    expect(await session.exitCode()).toBe(0);
    const lines = session.screen.lines();
    expect(lines.slice(-2)).toEqual([
      `read_file: allowed reading '${PLAN()}'`,
      JSON.stringify({ path: PLAN(), content: "outside secret plan\n", bytes_read: 20 }),
    ]);
  });

  it("GUARD-4.7: Esc at the single prompt denies", async () => {
    const session = start(call());
    await session.waitFor(selectorShown);
    session.type(KEYS.escape);
    expect(await session.exitCode()).toBe(0);
    const last = session.screen.lines().at(-1) ?? "";
    expect(JSON.parse(last)).toEqual({ error: 'permission denied by user: read access rejected for path "../outside/plan.txt"' });
    expect(session.screen.text()).toContain(`read_file: denied reading '${PLAN()}'`);
  });

  it("GUARD-6-no-person: denies without asking in a CI environment, even on a terminal, saying no person could be asked", async () => {
    const session = start(call(), { CI: "1" });
    expect(await session.exitCode()).toBe(0);
    const screen = session.screen.text();
    expect(screen).not.toContain("Allow ReadFile?");
    expect(JSON.parse(session.screen.lines().at(-1) ?? "")).toEqual({ error: "permission denied: user approval required but not available" });
  });
});

/**
 * Types `keys` again and again, from now until the selector's title is on screen: whatever the timing,
 * some land before the prompt is drawn and some right after it appears.
 */
async function typeUntilPromptAppears(session: TerminalSession, keys: string): Promise<void> {
  let typed = 0;
  while (!session.screen.text().includes("Allow ReadFile?")) {
    if (typed++ > 400) throw new Error(`no prompt appeared; the screen:\n${session.screen.text()}`);
    session.type(keys);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  session.type(keys);
}

describe("GUARD-4.6-typeahead: keys typed before the prompt is drawn, or right after, never answer it", () => {
  // A long grace, so that keys typed right after the prompt appears land in it however slow this machine is.
  const LONG_GRACE = { READ_TOOL_PROMPT_GRACE_MS: "3000" };

  it("read-tool call: Up and Enter pressed from the moment the command starts until the prompt shows are ignored; Deny stays focused", async () => {
    const session = start(["call", "--profile", "guard", "--root", root, JSON.stringify({ path: "../outside/plan.txt" })], LONG_GRACE);
    await typeUntilPromptAppears(session, KEYS.up + KEYS.enter);
    const armed = await session.waitFor(selectorShown);
    expect(focused(armed)).toBe("❯ Deny");
    expect(armed).not.toContain("read_file: allowed");
    session.type(KEYS.escape);
    expect(await session.exitCode()).toBe(0);
    expect(session.screen.text()).toContain(`read_file: denied reading '${PLAN()}'`);
    expect(session.screen.text()).not.toContain("outside secret plan");
  });

  it("the REPL: Up and Enter pressed while the read starts and right after the prompt appears are ignored", async () => {
    const session = start(["repl", "--root", root], LONG_GRACE);
    await session.waitFor((screen) => screen.includes("read-tool repl") && /^>$/mu.test(screen));
    await ask(session, "../outside/plan.txt");
    await typeUntilPromptAppears(session, KEYS.up + KEYS.enter);
    const armed = await session.waitFor(selectorShown);
    expect(focused(armed)).toBe("❯ Deny");
    expect(armed).not.toContain(": allowed");
    // Once the cursor shows, keys count again.
    session.type(KEYS.up);
    await session.waitFor((screen) => focused(screen) === "❯ Allow");
    session.type(KEYS.escape);
    const screen = await waitForEnd(session);
    expect(screen).toContain(`permission read_file '../outside/plan.txt' resolved to '${PLAN()}': denied`);
    expect(screen).not.toContain("outside secret plan");
  });
});
