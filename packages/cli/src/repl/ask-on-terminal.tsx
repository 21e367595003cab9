import { useEffect, useState } from "react";
import { Text, render, useApp, useInput } from "ink";
import type { PermissionRequest } from "@read/core";
import { escapePath } from "@read/guard";
import { PermissionSelector, type PermissionDecision } from "./permission-selector.js";

/** The terminal {@link askOnTerminal} draws on: keys from `stdin`, the prompt on `stderr`. */
export interface TerminalIo {
  readonly stdin: NodeJS.ReadableStream;
  readonly stderr: NodeJS.WritableStream;
}

/**
 * Asks the person at the terminal about one pending read with the {@link PermissionSelector}, drawn on
 * stderr so stdout keeps only the tool's output, and leaves one line saying what was decided. Ctrl+C
 * cancels, which is a denial. The caller checks that stdin and stderr are terminals.
 */
export async function askOnTerminal(request: PermissionRequest, io: TerminalIo): Promise<PermissionDecision> {
  const stdin = io.stdin as NodeJS.ReadStream;
  // Raw mode before the first frame, as in the REPL: a key typed before ink listens is kept for it.
  stdin.setRawMode(true);
  const app = render(<SingleDecision request={request} />, {
    stdin,
    stdout: io.stderr as NodeJS.WriteStream,
    stderr: io.stderr as NodeJS.WriteStream,
    exitOnCtrlC: false,
    patchConsole: false,
  });
  return (await app.waitUntilExit()) === "allow" ? "allow" : "deny";
}

function SingleDecision({ request }: { readonly request: PermissionRequest }) {
  const { exit } = useApp();
  const [decision, setDecision] = useState<PermissionDecision | undefined>(undefined);
  useInput((input, key) => {
    if (key.ctrl && input === "c") setDecision((current) => current ?? "deny");
  });
  // Exiting after the render that shows the decision keeps that line as the prompt's last frame.
  useEffect(() => {
    if (decision !== undefined) exit(decision);
  }, [decision, exit]);
  if (decision === undefined) return <PermissionSelector request={request} onDecide={setDecision} />;
  return (
    <Text>
      {request.tool}: {decision === "allow" ? "allowed" : "denied"} reading {escapePath(request.resolvedPath)}
    </Text>
  );
}
