import type { ReactNode } from "react";
import { render, type Instance } from "ink";

/**
 * Draws `node` with ink on a terminal: keys from `stdin`, frames on `out`. Ctrl+C is left to the app
 * (a denial or a quit, never a kill) and the console is not patched.
 */
export function renderOnTerminal(node: ReactNode, stdin: NodeJS.ReadableStream, out: NodeJS.WritableStream, err: NodeJS.WritableStream): Instance {
  const input = stdin as NodeJS.ReadStream;
  // Raw mode before the first frame: ink turns it on only after that frame is drawn, and a key typed in
  // between would meet the line discipline (Ctrl+D would end stdin, Enter would arrive as a line feed).
  input.setRawMode(true);
  return render(node, { stdin: input, stdout: out as NodeJS.WriteStream, stderr: err as NodeJS.WriteStream, exitOnCtrlC: false, patchConsole: false });
}
