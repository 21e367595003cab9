import fs from "node:fs";
import path from "node:path";
import { afterEach, describe, expect, expectTypeOf, test, vi } from "vitest";
import {
  InvokeToolError,
  ReadFileError,
  TOOL_DEFINITIONS,
  ToolCatalog,
  createAgentToolkit,
  createSecureTool,
  createToolContext,
  readFileHandler,
  type AllowedToolName,
  type FileAccessMode,
  type ReadFileOutput,
  type SecurityPolicyConfig,
  type ToolArgsByName,
  type ToolContext,
} from "../src/index.js";
import { MTIME_MS, useSandbox } from "./sandbox.js";

// The toolkit-level cases of spec 002's reference that reach read_file, named as there: agent-tools-ts's
// `createAgentToolkit`, `invoke`, `getAllowedTools`, `createToolContext` and `createSecureTool`.
const REFERENCE = "ishibashi-futos/agent-tools-ts@d15509f5a045b2bce44881375b24de8e8e8b4821";

const sandbox = useSandbox();

/** The reference's test context: `read_file` allowed, every other tool denied. */
function contextOf(workspaceRoot: string, policy: ToolContext["policy"] = { tools: { read_file: "allow" }, defaultPolicy: "deny" }): ToolContext {
  return { workspaceRoot, writeScope: "workspace-write", policy, env: { platform: "linux", osRelease: "5.4.0" } };
}

const MOCK_OUTPUT: ReadFileOutput = {
  path: "src/main.ts",
  content: "hello",
  truncated: false,
  next_start_line: null,
  meta: { byte_length: 5, line_count: 1, returned_line_count: 1, mtime_ms: 1 },
};

// The reference's tests swap the catalog's handler for a mock, as a user may: the toolkit reads it when created.
const catalogEntry = ToolCatalog.read_file as { handler: typeof readFileHandler };
afterEach(() => {
  catalogEntry.handler = readFileHandler;
});

function failure(message: string) {
  return { status: "failure", reason: "runtime", message, error: { code: "RUNTIME_ERROR", message, retriable: true, details: {} } };
}

function denied(reason: "policy" | "sandbox", message: string) {
  return { status: "denied", reason, message, error: { code: reason === "policy" ? "POLICY_DENIED" : "SANDBOX_VIOLATION", message, retriable: false, details: {} } };
}

describe(`${REFERENCE} test/lib.test.ts`, () => {
  // A root that does not exist: creating the toolkit and calling a mocked handler touch nothing on disk.
  const workspaceRoot = path.resolve("./test-workspace");

  test("正常系: read_file が ToolCatalog と toolkit に登録され実行できること JP-8.1 / JP-11.8: the handler gets the context and the absolute path, nothing more", async () => {
    const mockHandler = vi.fn().mockResolvedValue(MOCK_OUTPUT);
    catalogEntry.handler = mockHandler;
    const context = contextOf(workspaceRoot);
    const toolkit = createAgentToolkit(context);
    expect(await toolkit.tools.read_file("src/main.ts")).toStrictEqual({ status: "success", data: MOCK_OUTPUT });
    expect(mockHandler.mock.calls).toStrictEqual([[context, path.resolve(workspaceRoot, "src/main.ts")]]);
    expect(await toolkit.readFile("src\\main.ts", { start_line: 2 })).toStrictEqual({ status: "success", data: MOCK_OUTPUT });
    expect(mockHandler.mock.calls[1]).toStrictEqual([context, path.resolve(workspaceRoot, "src/main.ts"), { start_line: 2 }]);
  });

  test("正常系: invoke で read_file を実行し role/name/content を返すこと JP-8.1: invoke resolves to a function message", async () => {
    const mockHandler = vi.fn().mockResolvedValue(MOCK_OUTPUT);
    catalogEntry.handler = mockHandler;
    const context = contextOf(workspaceRoot);
    expect(await createAgentToolkit(context).invoke("read_file", { path: "src/main.ts" })).toStrictEqual({ role: "function", name: "read_file", content: MOCK_OUTPUT });
    expect(mockHandler.mock.calls).toStrictEqual([[context, path.resolve(workspaceRoot, "src/main.ts"), { start_line: undefined, max_lines: undefined }]]);
  });

  test("正常系: getAllowedTools は defaultPolicy=deny で allow 指定のみ返すこと JP-11.8: the allowed definitions, wrapped for function calling", () => {
    const allowed = createAgentToolkit(contextOf(workspaceRoot, { tools: { read_file: "allow", exec_command: "allow" }, defaultPolicy: "deny" })).getAllowedTools();
    expect(allowed).toStrictEqual([{ type: "function", function: TOOL_DEFINITIONS.read_file }]);
    expect(allowed[0]?.function).toBe(TOOL_DEFINITIONS.read_file);
    expect(createAgentToolkit(contextOf(workspaceRoot, { tools: { exec_command: "allow" }, defaultPolicy: "deny" })).getAllowedTools()).toStrictEqual([]);
    expect(createAgentToolkit(contextOf(workspaceRoot, { tools: { read_file: "deny" }, defaultPolicy: "allow" })).getAllowedTools()).toStrictEqual([]);
    expect(createAgentToolkit({ workspaceRoot }).getAllowedTools()).toHaveLength(1);
  });

  test("正常系: getAllowedTools は defaultPolicy=allow で deny 指定を除外すること JP-11.8: another tool denied, read_file allowed by the default", () => {
    const allowed = createAgentToolkit(contextOf(workspaceRoot, { tools: { exec_command: "deny" }, defaultPolicy: "allow" })).getAllowedTools();
    expect(allowed.map((tool) => tool.function.name)).toStrictEqual(["read_file"]);
    expect(allowed).toStrictEqual([{ type: "function", function: TOOL_DEFINITIONS.read_file }]);
  });

  test("エッジケース: ポリシーでdenyされているツールは denied を返すこと JP-7.3: the policy refuses before anything else, even a non-string path", async () => {
    const toolkit = createAgentToolkit(contextOf(sandbox().root, { tools: { read_file: "deny" }, defaultPolicy: "allow" }));
    const refused = denied("policy", '[Security Policy] Access denied for tool: "read_file"');
    expect(await toolkit.readFile("src/main.ts")).toStrictEqual(refused);
    expect(await toolkit.readFile("../outside/secret.txt")).toStrictEqual(refused);
    expect(await toolkit.readFile(null as unknown as string)).toStrictEqual(refused);
  });

  test("エッジケース: ディレクトリトラバーサル攻撃を遮断すること JP-7.3 / JP-11.4: the sandbox refuses before the file or the other arguments are examined", async () => {
    const toolkit = createAgentToolkit(contextOf(sandbox().root));
    expect(await toolkit.readFile("../../../etc/passwd")).toStrictEqual(denied("sandbox", '[Sandbox Violation] Attempted to access path outside of workspace: "../../../etc/passwd"'));
    expect(await toolkit.readFile("..\\outside\\Policy.txt", { start_line: 0 })).toStrictEqual(
      denied("sandbox", '[Sandbox Violation] Attempted to access path outside of workspace: "../outside/Policy.txt"'),
    );
  });

  test("エッジケース: 不正なパス引数（null等）に対して failure を返すこと JP-4.3 / JP-ref-results: a path that is not a string is an INVALID_ARGUMENT failure", async () => {
    const toolkit = createAgentToolkit(contextOf(sandbox().root));
    expect(await toolkit.readFile(null as unknown as string)).toStrictEqual(failure("INVALID_ARGUMENT: path must be a non-empty string, got null."));
    expect(await toolkit.readFile(123 as unknown as string)).toStrictEqual(failure("INVALID_ARGUMENT: path must be a non-empty string, got 123."));
    expect(await toolkit.readFile("")).toStrictEqual(failure("INVALID_ARGUMENT: path must be a non-empty string, got an empty string."));
  });
});

describe(`${REFERENCE} test/registory/invoke.test.ts`, () => {
  const workspaceRoot = path.resolve("./test-workspace");

  test("未登録ツール名は TOOL_NOT_FOUND を返すこと JP-8.1: only read_file is registered", async () => {
    const invoke = createAgentToolkit(contextOf(workspaceRoot, { tools: {}, defaultPolicy: "allow" })).invoke;
    await expect(invoke("unknown_tool" as unknown as AllowedToolName, {} as ToolArgsByName["read_file"])).rejects.toMatchObject({
      name: "InvokeToolError",
      code: "TOOL_NOT_FOUND",
      tool_name: "unknown_tool",
      message: "TOOL_NOT_FOUND: tool is not registered: unknown_tool",
    });
    // @ts-expect-error: only read_file is a tool's name
    await expect(invoke("toString", {})).rejects.toMatchObject({ code: "TOOL_NOT_FOUND" });
  });

  test("policy deny のツールは TOOL_NOT_ALLOWED を返すこと JP-7.3: invoke checks the policy first", async () => {
    const invoke = createAgentToolkit(contextOf(workspaceRoot, { tools: { read_file: "deny" }, defaultPolicy: "allow" })).invoke;
    const error = await invoke("read_file", { path: "src/lib.ts" }).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(InvokeToolError);
    expect(error).toMatchObject({ code: "TOOL_NOT_ALLOWED", tool_name: "read_file", message: 'TOOL_NOT_ALLOWED: [Security Policy] Access denied for tool: "read_file"' });
  });

  test("args が object 以外の場合は INVALID_TOOL_ARGUMENTS_TYPE を返すこと JP-8.1: arguments must be an object", async () => {
    const invoke = createAgentToolkit(contextOf(workspaceRoot)).invoke;
    const error = (await invoke("read_file", 123 as unknown as { path: string }).catch((caught: unknown) => caught)) as InvokeToolError;
    expect(error).toBeInstanceOf(InvokeToolError);
    expect(error.code).toBe("INVALID_TOOL_ARGUMENTS_TYPE");
    expect(error.tool_name).toBe("read_file");
    expect(error.toEnvelope()).toStrictEqual({ code: "INVALID_TOOL_ARGUMENTS_TYPE", message: "args must be an object", retriable: false, details: { tool_name: "read_file" } });
  });

  test("JP-8.1: invoke reads a real file, and rejects with the tool's ReadFileError when the read fails or the sandbox refuses", async () => {
    sandbox().write("a.txt", "a\n");
    const invoke = createAgentToolkit(contextOf(sandbox().root)).invoke;
    expect(await invoke("read_file", { path: "a.txt", start_line: null })).toStrictEqual({
      role: "function",
      name: "read_file",
      content: { path: "a.txt", content: "a\n", truncated: false, next_start_line: null, meta: { byte_length: 2, line_count: 2, returned_line_count: 2, mtime_ms: MTIME_MS } },
    });
    const missing = await invoke("read_file", { path: "b.txt" }).catch((caught: unknown) => caught);
    expect(missing).toBeInstanceOf(ReadFileError);
    expect(missing).toMatchObject({ code: "NOT_FOUND", message: 'NOT_FOUND: Cannot read "b.txt": no such file in the workspace.' });
    await expect(invoke("read_file", { path: "../x" })).rejects.toMatchObject({
      code: "OUTSIDE_WORKSPACE",
      message: 'OUTSIDE_WORKSPACE: [Sandbox Violation] Attempted to access path outside of workspace: "../x"',
    });
  });
});

describe(`${REFERENCE} test/factory.test.ts`, () => {
  const workspaceRoot = path.resolve("/test/workspace");
  const defaultContext = contextOf(workspaceRoot, { tools: { test_tool: "allow" }, defaultPolicy: "deny" });
  const mockDomainFn = async (_context: ToolContext, target: string, _data: string) => `Processed ${target}`;

  test("Security Layer: ポリシー拒否時に status: 'denied' を返すこと JP-7.3: policy first", async () => {
    const secureTool = createSecureTool({ name: "test_tool", isWriteOp: true }, mockDomainFn);
    const deniedContext = { ...defaultContext, policy: { tools: { test_tool: "deny" as const }, defaultPolicy: "deny" as const } };
    expect(await secureTool(deniedContext, "src/index.ts", "data")).toStrictEqual(denied("policy", '[Security Policy] Access denied for tool: "test_tool"'));
  });

  test("Sandbox FS Layer: Read-onlyモードでの書き込み時に status: 'denied' を返すこと JP-ref-results: a write tool in read-only mode", async () => {
    const secureTool = createSecureTool({ name: "test_tool", isWriteOp: true }, mockDomainFn);
    const readOnly: ToolContext = { ...defaultContext, writeScope: "read-only" };
    expect(await secureTool(readOnly, "src/index.ts", "data")).toStrictEqual(denied("sandbox", '[Sandbox Violation] Write operation denied. Current mode: "read-only"'));
    const reader = createSecureTool({ name: "test_tool", isWriteOp: false }, mockDomainFn);
    expect(await reader(readOnly, "src/index.ts", "data")).toStrictEqual({ status: "success", data: `Processed ${path.join(workspaceRoot, "src/index.ts")}` });
  });

  test("Sandbox Path Layer: ワークスペース外アクセス時に status: 'denied' を返すこと JP-11.4: outside is refused lexically, before the tool runs", async () => {
    const secureTool = createSecureTool({ name: "test_tool", isWriteOp: false }, mockDomainFn);
    expect(await secureTool(defaultContext, "../outside.txt", "data")).toStrictEqual(denied("sandbox", '[Sandbox Violation] Attempted to access path outside of workspace: "../outside.txt"'));
    // The reason is which check refused, never a word in the path.
    expect(await secureTool(defaultContext, "../Policy.txt", "data")).toMatchObject({ reason: "sandbox", error: { code: "SANDBOX_VIOLATION" } });
  });

  test("JP-ref-results: a thrown error is a retriable runtime failure with its message; the result never rejects", async () => {
    const throwing = createSecureTool({ name: "test_tool", isWriteOp: false }, () => {
      throw new Error("boom");
    });
    expect(await throwing(defaultContext)).toStrictEqual(failure("boom"));
    const throwingString = createSecureTool({ name: "test_tool", isWriteOp: false }, () => Promise.reject("plain"));
    expect(await throwingString(defaultContext)).toStrictEqual(failure("plain"));
  });
});

describe(`${REFERENCE} test/sandbox/fs.test.ts (SandboxFS.validateAccess, through the toolkit)`, () => {
  test("read-onlyモード: 読み取り操作は許可されること JP-ref-results: read_file is no write, so it runs in read-only mode", async () => {
    sandbox().write("a.txt", "a\n");
    const toolkit = createAgentToolkit({ ...contextOf(sandbox().root), writeScope: "read-only" });
    const output = { path: "a.txt", content: "a\n", truncated: false, next_start_line: null, meta: { byte_length: 2, line_count: 2, returned_line_count: 2, mtime_ms: MTIME_MS } };
    expect(await toolkit.readFile("a.txt")).toStrictEqual({ status: "success", data: output });
    expect(await toolkit.tools.read_file("a.txt")).toStrictEqual({ status: "success", data: output });
    expect(await toolkit.invoke("read_file", { path: "a.txt" })).toStrictEqual({ role: "function", name: "read_file", content: output });
  });
});

describe(`${REFERENCE} test/typecheck/invoke-typing.ts (type-checked by tsc, as the reference's)`, () => {
  test("JP-8.1: invoke is typed per tool: read_file's arguments need a path", async () => {
    const toolkit = createAgentToolkit(contextOf(sandbox().root));
    expectTypeOf(toolkit.invoke<"read_file">).parameters.toEqualTypeOf<["read_file", ToolArgsByName["read_file"]]>();
    expectTypeOf<ToolArgsByName["read_file"]>().toEqualTypeOf<{ readonly path: string } & { readonly start_line?: number | null; readonly max_lines?: number | null }>();
    expectTypeOf<AllowedToolName>().toEqualTypeOf<"read_file">();
    // @ts-expect-error read_file の引数は path が必要
    await expect(toolkit.invoke("read_file", { cwd: "." })).rejects.toMatchObject({ code: "INVALID_ARGUMENT", message: 'INVALID_ARGUMENT: path must be a non-empty string; the "path" argument is missing.' });
  });

  test("JP-8.1: ToolContext leaves policy, writeScope and env optional, where the reference requires them", () => {
    expectTypeOf<ToolContext["policy"]>().toEqualTypeOf<SecurityPolicyConfig | undefined>();
    expectTypeOf<ToolContext["writeScope"]>().toEqualTypeOf<FileAccessMode | undefined>();
    expectTypeOf(createToolContext({ workspaceRoot: "." }).policy).toEqualTypeOf<SecurityPolicyConfig>();
  });
});

describe(`${REFERENCE} test/sandbox/path.test.ts (SandboxPath.resolveInWorkspace, through createSecureTool)`, () => {
  const root = path.resolve("/workspace/project");
  const passPath = createSecureTool({ name: "read_file", isWriteOp: false }, (_context: ToolContext, target: string) => target);
  const through = (target: string) => passPath({ workspaceRoot: root }, target);

  test("正常系: ワークスペース内のパスが絶対パスで返されること JP-ref-spelling: inside paths become absolute", async () => {
    expect(await through("src/main.ts")).toStrictEqual({ status: "success", data: path.resolve(root, "src/main.ts") });
    expect(await through("src\\main.ts")).toStrictEqual({ status: "success", data: path.resolve(root, "src/main.ts") });
    expect(await through("..notes.txt")).toStrictEqual({ status: "success", data: path.resolve(root, "..notes.txt") });
  });

  test("異常系: 親ディレクトリへのトラバーサルをブロックすること JP-11.4: traversal is refused", async () => {
    expect(await through("../../../etc/passwd")).toMatchObject({ status: "denied", message: expect.stringMatching(/outside of workspace/u) });
  });

  test("異常系: ルート以外の絶対パス指定をブロックすること JP-11.4: an absolute path elsewhere is refused", async () => {
    expect(await through(path.resolve("/etc/shadow"))).toMatchObject({ status: "denied", message: expect.stringMatching(/outside of workspace/u) });
    expect(await through("/workspace/project-evil/x")).toMatchObject({ status: "denied" });
  });

  test("境界値: ワークスペースのルートそのものは許可されること JP-ref-spelling: the root itself passes the sandbox", async () => {
    expect(await through(".")).toStrictEqual({ status: "success", data: root });
  });
});

describe(`${REFERENCE} test/tool_context_policy_type.test.ts`, () => {
  test("ToolContext の policy.tools が tool 名で型付けされること JP-8.1: createToolContext fills in the reference's defaults", () => {
    const context = createToolContext({ workspaceRoot: ".", policy: { tools: { read_file: "allow" }, defaultPolicy: "deny" } });
    expect(context.policy.tools.read_file).toBe("allow");
    expect(context).toMatchObject({ workspaceRoot: ".", writeScope: "workspace-write", env: { platform: process.platform } });
    // Without a policy every tool is denied, as in the reference.
    expect(createToolContext({ workspaceRoot: "." }).policy).toStrictEqual({ tools: {}, defaultPolicy: "deny" });
    expect(createAgentToolkit(createToolContext({ workspaceRoot: "." })).getAllowedTools()).toStrictEqual([]);
  });
});

describe("JP-8.1: the handler called directly, and the root resolved at every call", () => {
  test("JP-8.1: a relative path is taken from the root (never the current directory), an absolute one only inside it", async () => {
    sandbox().write("f.txt", "f\n");
    const context = { workspaceRoot: sandbox().root };
    const output = { path: "f.txt", content: "f\n", truncated: false, next_start_line: null, meta: { byte_length: 2, line_count: 2, returned_line_count: 2, mtime_ms: MTIME_MS } };
    expect(await readFileHandler(context, "f.txt")).toStrictEqual(output);
    expect(await readFileHandler(context, path.join(sandbox().root, "f.txt"), null)).toStrictEqual(output);
    await expect(readFileHandler(context, "../outside/x")).rejects.toMatchObject({ code: "OUTSIDE_WORKSPACE" });
    await expect(readFileHandler(context, path.join(sandbox().outside, "x"))).rejects.toMatchObject({ code: "OUTSIDE_WORKSPACE" });
  });

  test("JP-8.1: a toolkit may name a root that does not exist yet: each call resolves it", async () => {
    const root = path.join(sandbox().root, "later");
    const toolkit = createAgentToolkit({ workspaceRoot: root });
    expect(await toolkit.readFile("a.txt")).toStrictEqual(failure('NOT_FOUND: Cannot read "a.txt": the workspace root does not exist.'));
    fs.mkdirSync(root);
    fs.writeFileSync(path.join(root, "a.txt"), "a");
    expect(await toolkit.readFile("a.txt")).toMatchObject({ status: "success", data: { path: "a.txt", content: "a" } });
    const file = sandbox().write("plain.txt", "x");
    expect(await createAgentToolkit({ workspaceRoot: file }).readFile("a.txt")).toStrictEqual(failure('NOT_FOUND: Cannot read "a.txt": the workspace root is not a directory.'));
  });

  test("JP-8.1: an empty workspaceRoot fails closed: the toolkit is refused at creation, the handler and the guardrails refuse every call", async () => {
    const message = "The workspace root is empty; name a directory (an empty root is never read as the current directory).";
    expect(() => createAgentToolkit({ workspaceRoot: "" })).toThrow(new TypeError(message));
    await expect(readFileHandler({ workspaceRoot: "" }, "package.json")).rejects.toMatchObject({ code: "INTERNAL", message: 'INTERNAL: Cannot read "package.json": the workspace root is empty.' });
    const guarded = createSecureTool(ToolCatalog.read_file.metadata, ToolCatalog.read_file.handler);
    expect(await guarded({ workspaceRoot: "" }, "package.json")).toStrictEqual(denied("sandbox", '[Sandbox Violation] Attempted to access path outside of workspace: "package.json"'));
  });

  test("JP-ref-results / JP-ref-symlinks: a directory symlink leading outside is denied by the sandbox, a file symlink is a NOT_FILE failure", async () => {
    sandbox().write("secret.txt", "secret\n", sandbox().outside);
    sandbox().symlink("linkdir", sandbox().outside);
    sandbox().symlink("link.txt", path.join(sandbox().outside, "secret.txt"));
    const toolkit = createAgentToolkit(contextOf(sandbox().root));
    expect(await toolkit.readFile("linkdir/secret.txt")).toStrictEqual(denied("sandbox", '[Sandbox Violation] Attempted to access path outside of workspace: "linkdir/secret.txt"'));
    expect(await toolkit.readFile("link.txt")).toStrictEqual(failure('NOT_FILE: Cannot read "link.txt": it is a symlink, not a regular file (links are not followed).'));
  });

  test("JP-ref-results: ReadFileError carries the code, a message that starts with it, and the wire shape", () => {
    const error = new ReadFileError("NOT_FILE", 'Cannot read "dir": it is a directory, not a file.');
    expect(error).toBeInstanceOf(Error);
    expect(error).toMatchObject({ name: "ReadFileError", code: "NOT_FILE", message: 'NOT_FILE: Cannot read "dir": it is a directory, not a file.', detail: 'Cannot read "dir": it is a directory, not a file.' });
    expect(JSON.parse(JSON.stringify(error))).toStrictEqual({ error: { code: "NOT_FILE", message: 'Cannot read "dir": it is a directory, not a file.' } });
  });
});
