import { execFile } from "node:child_process";
import { fileURLToPath } from "node:url";

const hooks = new URL("./no-sharp-hooks.mjs", import.meta.url).href;
// The built package (tests run after `pnpm build`, as the CLI's tests run its bundle): a child process of
// plain Node cannot import the TypeScript sources.
const entry = new URL("../dist/index.js", import.meta.url).href;

/**
 * One `read` call through the built package in a child Node process where `sharp` cannot be resolved (as
 * when the optional dependency is not installed): resolves to the call's output.
 */
export function readWithoutSharp(root: string, input: unknown): Promise<unknown> {
  const register = `import { register } from "node:module"; register(${JSON.stringify(hooks)});`;
  const script = `const { createTool } = await import(${JSON.stringify(entry)}); process.stdout.write(JSON.stringify(await createTool({ root: process.argv[1] }).call(JSON.parse(process.argv[2]))));`;
  return new Promise((resolve, reject) => {
    execFile(
      process.execPath,
      ["--import", `data:text/javascript,${encodeURIComponent(register)}`, "--input-type=module", "--eval", script, root, JSON.stringify(input)],
      { cwd: fileURLToPath(new URL(".", import.meta.url)), timeout: 20_000 },
      (error, stdout, stderr) => (error === null ? resolve(JSON.parse(stdout)) : reject(new Error(`${error.message}\n${stderr}`))),
    );
  });
}
