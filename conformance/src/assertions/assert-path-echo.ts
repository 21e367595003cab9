import { outputField } from "../output-field.js";
import { callTool, denyIfAsked, expect, windowInput, withScratch, type SuiteContext } from "../suite-context.js";

/**
 * The echoed path: a file asked for as `sub/echo.txt`, as `./sub/../sub/echo.txt` and by its absolute
 * path is echoed in the declared form: the normalised POSIX path relative to the root, or the canonical
 * absolute path. A relative echo is never absolute.
 */
export async function assertPathEcho(ctx: SuiteContext): Promise<void> {
  const { oracle, read } = ctx;
  const echo = oracle.output.path;
  if (echo === null) throw new Error("the profile declares no echoed path");
  await withScratch({ files: { "sub/echo.txt": { text: "echo\n" } } }, async (workspace) => {
    const expected = echo.form === "relative" ? "sub/echo.txt" : `${workspace.root}/sub/echo.txt`;
    for (const path of ["sub/echo.txt", "./sub/../sub/echo.txt", `${workspace.root}/sub/echo.txt`]) {
      const called = await callTool(ctx, workspace, windowInput(oracle, path), denyIfAsked(oracle));
      expect(!read.isError(called.output), `'${path}' is read`, called);
      const found = outputField(called.output, echo.field);
      expect(found === expected, `'${echo.field}' is ${JSON.stringify(expected)} for the input '${path}'`, called);
    }
  });
}
