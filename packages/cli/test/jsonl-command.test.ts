import path from "node:path";
import { describe, expect, test } from "vitest";
import { MAX_REQUEST_BYTES } from "../src/jsonl-command.js";
import { makeWorkspace, runCli } from "./run-cli.js";

/** Runs `read-tool jsonl ARGS` with these request lines; resolves to its answers by id and its run. */
function serve(args: readonly string[], requests: readonly (string | object)[]) {
  const stdin = requests.map((request) => (typeof request === "string" ? request : JSON.stringify(request))).join("\n");
  const run = runCli(["jsonl", ...args], { stdin: `${stdin}\n` });
  const answers = run.stdout
    .split("\n")
    .filter((line) => line !== "")
    .map((line) => JSON.parse(line) as { id: unknown; output?: unknown; error?: string });
  return { run, answers, byId: new Map(answers.map((answer) => [answer.id, answer])) };
}

describe("read-tool jsonl", () => {
  test("serves each request line as read-tool call would, answering by id: calls, a definition, permission answers, aliases", () => {
    const root = makeWorkspace({ "ws/a.txt": "one\ntwo\n", "outside.txt": "out\n" });
    const ws = path.join(root, "ws");
    const jp = serve(["--profile", "workspace-jp"], [
      { id: 1, root: ws, input: { path: "a.txt", max_lines: 1 } },
      { id: "two", root: ws, input: { path: "missing.txt" } },
      { id: 3, definition: true },
    ]);
    expect(jp.run).toMatchObject({ status: 0, stderr: "" });
    expect(jp.byId.get(1)).toEqual({ id: 1, output: { path: "a.txt", content: "one", truncated: true, next_start_line: 2, meta: expect.objectContaining({ line_count: 3, returned_line_count: 1 }) as unknown } });
    expect(jp.byId.get("two")).toEqual({ id: "two", output: { error: { code: "NOT_FOUND", message: 'Cannot read "missing.txt": no such file in the workspace.' } } });
    expect(jp.byId.get(3)?.output).toMatchObject({ name: "read_file", description: "Reads a UTF-8 text file in the workspace and returns a line-limited content window." });

    const guard = serve(["--profile", "guard"], [
      { id: 1, root: ws, permission: "allow", input: { path: "../outside.txt" } },
      { id: 2, root: ws, permission: "deny", input: { path: "../outside.txt" } },
      { id: 3, root: ws, input: { path: "../outside.txt" } },
    ]);
    expect(guard.byId.get(1)?.output).toMatchObject({ content: "out\n" });
    expect(guard.byId.get(2)?.output).toEqual({ error: 'permission denied by user: read access rejected for path "../outside.txt"' });
    expect(guard.byId.get(3)?.output).toEqual({ error: "permission denied: user approval required but not available" });

    const forge = serve(["--profile", "forge"], [
      { id: 1, root: ws, tool: "read_file", config: { show_line_numbers: false }, input: { path: "a.txt" } },
      { id: 2, root: ws, tool: "ReadFile", input: { path: "a.txt", start_line: 2 } },
    ]);
    expect(forge.byId.get(1)?.output).toMatchObject({ content: "one\ntwo\n" });
    expect(forge.byId.get(2)?.output).toMatchObject({ content: "2| two\n" });
  });

  test("answers a request it cannot serve with { id, error } and goes on serving", () => {
    const root = makeWorkspace({ "a.txt": "one\n" });
    const { run, answers } = serve(["--profile", "workspace-jp"], [
      "not json",
      "[1, 2]",
      { id: 1, root, input: { path: "a.txt" }, extra: true },
      { id: 2, root },
      { id: 3, root: path.join(root, "nowhere"), input: {} },
      { id: 4, root, config: { nope: 1 }, input: {} },
      { id: 5, root, tool: "Read", input: {} },
      { id: 6, root, permission: "maybe", input: {} },
      { id: 7, definition: "yes" },
      { id: 8, root, input: { path: "a.txt" } },
      { id: 9, root: "", input: { path: "a.txt" } },
    ]);
    expect(run).toMatchObject({ status: 0, stderr: "" });
    expect(answers.slice(0, 2)).toEqual([
      { id: null, error: expect.stringMatching(/^the request is not JSON: /u) as unknown },
      { id: null, error: "the request is not a JSON object" },
    ]);
    expect(Object.fromEntries(answers.slice(2).map((answer) => [answer.id, answer.error ?? "output"]))).toEqual({
      1: "unknown request key 'extra'",
      2: "the request has no 'input'",
      3: `the root ${JSON.stringify(path.join(root, "nowhere"))} is not an existing directory`,
      4: "workspace-jp: invalid option 'nope' in [workspace-jp]: unknown key (accepted keys: secrets)",
      5: "unknown tool 'Read' for this profile (known: read_file)",
      6: `'permission' must be "allow" or "deny", got "maybe"`,
      7: "'definition' must be true when given",
      8: "output",
      9: "'root' is empty; give a directory (an empty root is refused, not taken as the current directory)",
    });
  });

  test("a workspace path holding `::end` whose text names a secret keyword is read, and the next request is served (secretlint's profiler measured a mark that does not exist and ended the process)", () => {
    const root = makeWorkspace({ "a::end/config.ts": "const apiSecret = process.env.API_SECRET;\n", "b.txt": "after\n" });
    const { run, byId } = serve(["--root", root], [
      { id: 1, input: { path: "a::end/config.ts" } },
      { id: 2, input: { path: "b.txt" } },
    ]);
    expect(run).toMatchObject({ status: 0, stderr: "" });
    expect(byId.get(1)?.output).toMatchObject({ path: "a::end/config.ts", content: "1\tconst apiSecret = process.env.API_SECRET;" });
    expect(byId.get(2)?.output).toMatchObject({ path: "b.txt", content: "1\tafter" });
  });

  test("takes --root and --config as the defaults of requests without them", () => {
    const root = makeWorkspace({ "a.txt": "one\ntwo\n", "read.config.toml": "[tools.read_file]\nshow_line_numbers = false\n" });
    const { byId } = serve(["--profile", "forge", "--root", root, "--config", path.join(root, "read.config.toml")], [{ id: 1, input: { path: "a.txt" } }]);
    expect(byId.get(1)?.output).toMatchObject({ content: "one\ntwo\n" });
  });

  test(`skips a request line over ${MAX_REQUEST_BYTES} bytes with an error, and serves the next`, () => {
    const root = makeWorkspace({ "a.txt": "one\n" });
    const long = JSON.stringify({ id: 1, root, input: { path: "x".repeat(MAX_REQUEST_BYTES) } });
    const { answers } = serve(["--profile", "workspace-jp"], [long, { id: 2, root, input: { path: "a.txt" } }]);
    expect(answers).toEqual([
      { id: null, error: `a request line is over ${MAX_REQUEST_BYTES} bytes; it was skipped` },
      { id: 2, output: expect.objectContaining({ content: "one\n" }) as unknown },
    ]);
  });

  test("--help prints its usage; the command is in read-tool's usage", () => {
    expect(runCli(["jsonl", "--help"])).toMatchObject({ status: 0, stdout: expect.stringMatching(/^usage: read-tool jsonl \[--profile NAME\] \[--root DIR\] \[--config FILE\]\n/u) as unknown });
    expect(runCli(["--help"]).stdout).toContain("  read-tool jsonl [--profile NAME] [--root DIR] [--config FILE]\n");
  });
});
