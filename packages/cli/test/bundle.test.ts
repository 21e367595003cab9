import { spawnSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { makeTempDir } from "../../../vitest.temp-dirs.js";
import { describe, expect, test } from "vitest";
import { BIN, runCli } from "./run-cli.js";

interface Metafile {
  readonly inputs: Record<string, { readonly imports: readonly { readonly path: string; readonly kind: string }[] }>;
  readonly outputs: Record<string, { readonly inputs: Record<string, { readonly bytesInOutput: number }> }>;
}

const dist = path.resolve(import.meta.dirname, "..", "dist");
const metafile = (): Metafile => JSON.parse(fs.readFileSync(path.join(dist, "read-tool.meta.json"), "utf8")) as Metafile;
const PROFILE_PACKAGES = ["packages/profile-envelope/", "packages/profile-workspace-jp/", "packages/profile-forge/", "packages/guard/"];

/** The ES module files a `read-tool` run loads (the bin and the bundle are CommonJS: only what they leave out shows). */
function modulesLoaded(args: readonly string[]): string[] {
  const dir = makeTempDir("read-modules-");
  const log = path.join(dir, "loaded.txt");
  const hooks = path.join(dir, "hooks.mjs");
  fs.writeFileSync(hooks, `import fs from "node:fs";\nexport async function load(url, context, next) { fs.appendFileSync(${JSON.stringify(log)}, url + "\\n"); return next(url, context); }\n`);
  const register = `import { register } from "node:module"; register(${JSON.stringify(pathToFileURL(hooks).href)});`;
  const run = spawnSync(process.execPath, ["--import", `data:text/javascript,${encodeURIComponent(register)}`, BIN, ...args], { encoding: "utf8", cwd: import.meta.dirname, timeout: 60_000 });
  expect(run.stderr).toBe("");
  return fs.readFileSync(log, "utf8").split("\n").filter((line) => line.startsWith("file:"));
}

describe("the read-tool bundle (dist/read-tool.cjs)", () => {
  test("holds each profile behind a dynamic import only, so a run evaluates only the profile it selects", () => {
    const { inputs } = metafile();
    for (const prefix of PROFILE_PACKAGES) expect(Object.keys(inputs).some((input) => input.startsWith(prefix))).toBe(true);
    const intoProfiles = Object.entries(inputs).flatMap(([importer, { imports }]) =>
      imports
        .filter((edge) => PROFILE_PACKAGES.some((prefix) => edge.path.startsWith(prefix) && !importer.startsWith(prefix)))
        .map((edge) => `${importer} -> ${edge.path} (${edge.kind})`),
    );
    expect(intoProfiles).toEqual([
      "packages/profiles/dist/profile-entries.js -> packages/profile-envelope/dist/index.js (dynamic-import)",
      "packages/profiles/dist/profile-entries.js -> packages/profile-workspace-jp/dist/index.js (dynamic-import)",
      "packages/profiles/dist/profile-entries.js -> packages/profile-forge/dist/index.js (dynamic-import)",
      "packages/profiles/dist/profile-entries.js -> packages/guard/dist/index.js (dynamic-import)",
    ]);
  });

  test("holds neither the REPL's UI (ink, React) nor the MCP server, nor zod's translations or unused API", () => {
    const [bundle] = Object.entries(metafile().outputs).filter(([file]) => file.endsWith("read-tool.cjs"));
    const held = Object.entries(bundle?.[1].inputs ?? {})
      .filter(([, input]) => input.bytesInOutput > 0)
      .map(([file]) => file);
    for (const left of ["/ink/", "/react/", "/react-reconciler/", "/@modelcontextprotocol/", "packages/mcp/", "packages/cli/dist/repl/repl-", "/zod/v4/locales/de.js", "/zod/v4/classic/from-json-schema.js"]) {
      expect(held.filter((input) => input.includes(left))).toEqual([]);
    }
    expect(held.some((input) => input.endsWith("/zod/v4/locales/en.js"))).toBe(true);
    // About 400 KiB before issue 30. Its secrets steps (hard links, redaction: forge and the guard run them on
    // every read; secretlint itself is dist/secret-formats.bundle.js, loaded when text needs it), answer
    // bounds, config trust layers and slower-mount opens, and issue 31's usage words, add about 30; the agent
    // profile (issue 32) and its encoding detector, chardet, about 80; its images (issue 33: the header walk
    // and the downscale driver; sharp itself is never bundled) about 14. A profile's code is parsed lazily and
    // evaluated only when it is selected: `read-tool call --profile envelope` starts in 128 ms against 121 ms
    // before (farm-bench, 20 pairs). Issue 33's images add about 14 and its PDFs and notebooks about 7 (what
    // reads them and runs their worker; pdf.js is not in the bundle, the worker loads it), and the recalibrated
    // max_tokens estimate (its price tables) about 2. Core's SIMD answer pricing and keyword search (two
    // WebAssembly modules and the keyword automaton, issue 31 item 9), its windows decoded in pieces and kept
    // buffers, and the dense-text secrets scan add about 9 (560 KiB); start-up stays within its bench target
    // (1.28x `node -e 0`). The agent's one-pass first page (core's `numberLines` and its WebAssembly) adds
    // about 3 (572 KiB), core's WebAssembly UTF-8 decoder and the costly-byte count of `numberLines` about 1
    // (577 KiB). The UI and the MCP SDK this guards against are hundreds of KiB.
    expect(fs.statSync(path.join(dist, "read-tool.cjs")).size).toBeLessThan(580 * 1024);
  });

  test("`read-tool call` loads nothing outside the bundle: no ink, React or MCP SDK, no ES module", () => {
    // With a loader hook registered, Node hands the CommonJS entry itself to the hook too. run-cli.ts holds
    // no keyword of a secret format, so the guard's secrets policy does not load its scanner for it.
    expect(modulesLoaded(["call", "--profile", "guard", "--permission", "deny", '{"path":"run-cli.ts"}'])).toEqual([pathToFileURL(BIN).href]);
  });

  test("issue 30 case 6: `read-tool call` on text holding a key loads the scanner's bundle alone, and the key is redacted", () => {
    const root = makeTempDir("read-bundle-secret-");
    fs.writeFileSync(path.join(root, "config.js"), "const id = 'AKIA2E0A8F3B244C9986';\n");
    const args = ["call", "--profile", "guard", "--root", root, '{"path":"config.js"}'];
    expect(modulesLoaded(args)).toEqual([pathToFileURL(BIN).href, pathToFileURL(path.join(dist, "secret-formats.bundle.js")).href]);
    const run = spawnSync(process.execPath, [BIN, ...args], { encoding: "utf8", timeout: 60_000 });
    expect(JSON.parse(run.stdout)).toEqual({ path: path.join(fs.realpathSync(root), "config.js"), content: "const id = '[REDACTED aws-access-key-id]';\n", bytes_read: 35 });
  });

  test("`read-tool mcp --help` loads the MCP command from dist/, still without ink or React", () => {
    const loaded = modulesLoaded(["mcp", "--help"]);
    expect(loaded.some((url) => url.endsWith("/dist/mcp-command.js"))).toBe(true);
    expect(loaded.filter((url) => /\/(ink|react)\//.test(url))).toEqual([]);
  });

  test("`read-tool repl --help` loads the terminal UI as one ES module, dist/terminal-ui.bundle.js, holding ink and React", () => {
    const loaded = modulesLoaded(["repl", "--help"]);
    expect(loaded.slice(1)).toEqual([pathToFileURL(path.join(dist, "terminal-ui.bundle.js")).href]);
    const held = Object.keys((JSON.parse(fs.readFileSync(path.join(dist, "terminal-ui.meta.json"), "utf8")) as Metafile).inputs);
    // React's production build (the development one checks and warns at every render), and no MCP SDK.
    for (const present of ["/ink/build/render.js", "/react-reconciler/cjs/react-reconciler.production.js", "packages/cli/dist/repl/repl-command.js"]) {
      expect(held.filter((input) => input.includes(present))).toHaveLength(1);
    }
    for (const left of [".development.js", "/@modelcontextprotocol/", "packages/mcp/"]) expect(held.filter((input) => input.includes(left))).toEqual([]);
  });

  test("with DEV=true, ink's React DevTools bridge is missing from the terminal UI as react-devtools-core is from a project: ink warns and the REPL still answers", () => {
    const run = spawnSync(process.execPath, [BIN, "repl", "--help"], { encoding: "utf8", timeout: 60_000, env: { ...process.env, DEV: "true" } });
    expect(run.status).toBe(0);
    expect(run.stdout.split("\n")[0]).toBe("usage: read-tool repl [--root DIR] [--config FILE]");
    expect(run.stderr).toContain("The environment variable DEV is set to true, so Ink tried to import `react-devtools-core`");
  });

  test("a usage error thrown by a command left out of the bundle is still one line and exit 2", () => {
    const run = runCli(["mcp", "--root", "/nonexistent/read-tool-root"]);
    expect(run).toEqual({ status: 2, stdout: "", stderr: "read-tool: --root /nonexistent/read-tool-root is not an existing directory\n" });
  });

  test("a checkout that was not built says how to build it", () => {
    const copy = makeTempDir("read-unbuilt-");
    fs.mkdirSync(path.join(copy, "bin"));
    for (const file of ["read-tool.js", "package.json"]) fs.copyFileSync(path.join(path.dirname(BIN), file), path.join(copy, "bin", file));
    const run = spawnSync(process.execPath, [path.join(copy, "bin", "read-tool.js"), "--version"], { encoding: "utf8", timeout: 60_000 });
    expect({ status: run.status, stdout: run.stdout, stderr: run.stderr }).toEqual({
      status: 2,
      stdout: "",
      stderr: "read-tool: not built (dist/run-read-tool.cjs is missing): run `pnpm build` in the repository\n",
    });
  });
});
