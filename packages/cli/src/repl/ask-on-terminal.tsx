import { useEffect, useState } from "react";
import { Text, useApp, useInput } from "ink";
import { quoteText, type PermissionRequest } from "@read/core";
import { PermissionSelector, type PermissionDecision } from "./permission-selector.js";
import { promptGraceMs } from "./prompt-grace.js";
import { renderOnTerminal } from "./render-on-terminal.js";

/** The terminal {@link askOnTerminal} draws on: keys from `stdin`, the prompt on `stderr`. */
export interface TerminalIo {
  readonly stdin: NodeJS.ReadableStream;
  readonly stderr: NodeJS.WritableStream;
}

/**
 * Asks the person at the terminal about one pending read with the {@link PermissionSelector}, drawn on
 * stderr so stdout keeps only the tool's output, and leaves one line saying what was decided. Keys typed
 * before the prompt appeared (Up and Enter pressed right after the command) and in its grace are
 * ignored. Ctrl+C cancels, which is a denial. The caller checks that stdin and stderr are terminals.
 */
export async function askOnTerminal(request: PermissionRequest, io: TerminalIo): Promise<PermissionDecision> {
  const app = renderOnTerminal(<SingleDecision request={request} />, io.stdin, io.stderr, io.stderr);
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
  if (decision === undefined) return <PermissionSelector request={request} onDecide={setDecision} graceMs={promptGraceMs()} />;
  return (
    <Text>
      {request.tool}: {decision === "allow" ? "allowed" : "denied"} reading {quoteText(request.resolvedPath)}
    </Text>
  );
}
