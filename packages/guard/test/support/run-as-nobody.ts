import { spawn } from "node:child_process";
import fs from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";

/** The uid and gid of `nobody`: a user without root's power to read mode-000 files. */
export const NOBODY = 65534;

const GUARD_ENTRY = fileURLToPath(new URL("../../src/index.ts", import.meta.url));
const TYPESCRIPT = createRequire(import.meta.url).resolve("typescript");

// Node 20 cannot run TypeScript: the child loads the sources through these hooks, which transpile `.ts`
// files with the repository's TypeScript and map `./x.js` imports to `./x.ts`, as the test runner does.
const HOOKS = `
import fs from "node:fs";
import ts from ${JSON.stringify(pathToFileURL(TYPESCRIPT).href)};
export async function resolve(specifier, context, next) {
  try {
    return await next(specifier, context);
  } catch (error) {
    if (specifier.endsWith(".js") && context.parentURL?.endsWith(".ts")) return next(specifier.slice(0, -3) + ".ts", context);
    throw error;
  }
}
export async function load(url, context, next) {
  if (!url.endsWith(".ts")) return next(url, context);
  const source = fs.readFileSync(new URL(url), "utf8");
  const output = ts.transpileModule(source, {
    fileName: url,
    compilerOptions: { module: ts.ModuleKind.ESNext, target: ts.ScriptTarget.ES2022, verbatimModuleSyntax: true },
  });
  return { format: "module", source: output.outputText, shortCircuit: true };
}
`;

/**
 * Runs `createTool({ root }).call(input)` for each input in a child `node` process whose uid and gid
 * are `nobody`'s, and returns the outputs; with `permission`, every pending read gets that answer. `dir`
 * must be traversable by everyone; the helper files are written there.
 */
export async function callAsNobody(dir: string, root: string, inputs: readonly unknown[], permission?: "allow" | "deny"): Promise<unknown[]> {
  const hooks = path.join(dir, "hooks.mjs");
  const register = path.join(dir, "register.mjs");
  const script = path.join(dir, "call.mjs");
  fs.writeFileSync(hooks, HOOKS, { mode: 0o644 });
  fs.writeFileSync(register, `import { register } from "node:module";\nregister(${JSON.stringify(pathToFileURL(hooks).href)});\n`, { mode: 0o644 });
  fs.writeFileSync(
    script,
    `import { createTool } from ${JSON.stringify(pathToFileURL(GUARD_ENTRY).href)};
const tool = createTool({ root: ${JSON.stringify(root)}${permission === undefined ? "" : `, requester: async () => ${JSON.stringify(permission)}`} });
const outputs = [];
for (const input of ${JSON.stringify(inputs)}) outputs.push(await tool.call(input));
process.stdout.write(JSON.stringify({ uid: process.getuid(), outputs }));
`,
    { mode: 0o644 },
  );
  const child = spawn(process.execPath, ["--conditions=@read/source", "--import", pathToFileURL(register).href, script], {
    cwd: dir,
    uid: NOBODY,
    gid: NOBODY,
    env: { PATH: process.env["PATH"] ?? "/usr/bin:/bin" },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let stdout = "";
  let stderr = "";
  child.stdout.on("data", (chunk: Buffer) => (stdout += chunk.toString()));
  child.stderr.on("data", (chunk: Buffer) => (stderr += chunk.toString()));
  const code = await new Promise<number | null>((resolve) => child.on("close", resolve));
  if (code !== 0) throw new Error(`the child exited with ${code}: ${stderr}`);
  const result = JSON.parse(stdout) as { uid: number; outputs: unknown[] };
  if (result.uid !== NOBODY) throw new Error(`the child ran as uid ${result.uid}`);
  return result.outputs;
}
