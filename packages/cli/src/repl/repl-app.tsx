import { useEffect, useRef, useState } from "react";
import { Box, Static, Text, useApp, useInput } from "ink";
import { quoteText, type PermissionRequest, type ReadTool } from "@read/core";
import { isReadFileError, type ReadFileOutput } from "@read/guard";
import type { PermissionBridge } from "./permission-bridge.js";
import { PermissionSelector, type PermissionDecision } from "./permission-selector.js";
import { promptGraceMs } from "./prompt-grace.js";
import { PromptInput } from "./prompt-input.js";
import { terminalText } from "./terminal-text.js";

/** Props of {@link ReplApp}. */
export interface ReplAppProps {
  /** The guard profile's `read_file`, created with `bridge.requester`. */
  readonly tool: ReadTool<ReadFileOutput>;
  readonly bridge: PermissionBridge;
  /** The working directory, for the banner. */
  readonly root: string;
}

/** One line (or block) of the REPL's transcript; printed once, above the live area. */
type Entry =
  | { readonly kind: "banner"; readonly id: number }
  | { readonly kind: "input"; readonly id: number; readonly line: string }
  | { readonly kind: "note"; readonly id: number; readonly text: string }
  | { readonly kind: "tool_start"; readonly id: number; readonly args: unknown }
  | { readonly kind: "permission"; readonly id: number; readonly request: PermissionRequest; readonly decision: PermissionDecision }
  | { readonly kind: "tool_end"; readonly id: number; readonly output: ReadFileOutput };

/** An entry before it is numbered (`Omit` applied to each member of the union). */
type NewEntry = Unnumbered<Entry>;
type Unnumbered<E> = E extends unknown ? Omit<E, "id"> : never;

interface Pending {
  readonly id: number;
  readonly request: PermissionRequest;
  readonly resolve: (decision: PermissionDecision) => void;
}

const EXIT_WORDS = new Set(["exit", "quit"]);

// The transcript shows the start of a file: laying out a whole 1 MiB file takes ink many seconds, and a
// person at a prompt wants a look, not 20,000 lines of scrollback.
const PREVIEW_LINES = 200;
const PREVIEW_CHARS = 16_384;

/**
 * The REPL of spec 003 §4 and §7. The person types a path, or a tool call as JSON (`{"path": "..."}`);
 * each call prints `tool_start`, then, for a pending path, the {@link PermissionSelector} (the input line
 * is gone while it is shown, so keys typed then never reach it; keys typed while the read ran, before the
 * selector appeared, are dropped, and it ignores every key for its grace) and the decision, then
 * `tool_end` with the content or the error. Lines run one at a time, in order (a pasted block queues its lines); keys
 * typed while a read runs are not read. `exit`, `quit`, Ctrl+C and Ctrl+D quit; quitting while the
 * selector is shown denies the pending read.
 */
export function ReplApp({ tool, bridge, root }: ReplAppProps) {
  const { exit } = useApp();
  const graceMs = promptGraceMs();
  const nextId = useRef(1);
  const [entries, setEntries] = useState<readonly Entry[]>([{ kind: "banner", id: 0 }]);
  const [busy, setBusy] = useState(false);
  const [quitting, setQuitting] = useState(false);
  const [pending, setPending] = useState<Pending | undefined>(undefined);
  const pendingRef = useRef<Pending | undefined>(undefined);
  const queue = useRef<string[]>([]);
  const draining = useRef(false);
  const quitRef = useRef(false);

  const append = (entry: NewEntry) => {
    const id = nextId.current++;
    setEntries((previous) => [...previous, { ...entry, id } as Entry]);
  };

  useEffect(
    () =>
      bridge.attach(
        (request) =>
          new Promise<PermissionDecision>((resolve) => {
            const asked = { id: nextId.current++, request, resolve };
            pendingRef.current = asked;
            setPending(asked);
          }),
      ),
    [bridge],
  );

  const settle = (decision: PermissionDecision) => {
    const asked = pendingRef.current;
    if (asked === undefined) return;
    pendingRef.current = undefined;
    setPending(undefined);
    append({ kind: "permission", request: asked.request, decision });
    asked.resolve(decision);
  };

  const quit = () => {
    quitRef.current = true;
    queue.current = [];
    settle("deny");
    setQuitting(true);
  };
  // Exiting after the render that prints the last entries (a denial on Ctrl+C) keeps them on screen.
  useEffect(() => {
    if (quitting) exit();
  }, [quitting, exit]);

  useInput((input, key) => {
    if (key.ctrl && (input === "c" || input === "d")) quit();
  });

  const submit = (line: string) => {
    if (line.trim() === "") return;
    queue.current.push(line);
    if (!draining.current) void drain();
  };

  const drain = async () => {
    draining.current = true;
    setBusy(true);
    try {
      for (let line = queue.current.shift(); line !== undefined && !quitRef.current; line = queue.current.shift()) await run(line);
    } finally {
      draining.current = false;
      setBusy(false);
    }
  };

  const run = async (line: string) => {
    const text = line.trim();
    append({ kind: "input", line });
    if (EXIT_WORDS.has(text)) return quit();
    let args: unknown;
    if (text.startsWith("{")) {
      try {
        args = JSON.parse(text);
      } catch (error) {
        return append({ kind: "note", text: `Not a tool call: ${(error as Error).message}. Type a path, or JSON like {"path": "notes.txt"}.` });
      }
    } else {
      args = { path: text };
    }
    append({ kind: "tool_start", args });
    let output: ReadFileOutput;
    try {
      output = await tool.call(args);
    } catch (error) {
      // `call` rejects only on a bug in the tool; the session stays usable and says so.
      return append({ kind: "note", text: `${tool.name} failed unexpectedly: ${error instanceof Error ? error.message : String(error)}` });
    }
    if (!quitRef.current) append({ kind: "tool_end", output });
  };

  return (
    <>
      <Static items={[...entries]}>{(entry) => <EntryView key={entry.id} entry={entry} tool={tool.name} root={root} />}</Static>
      {pending !== undefined && !quitting ? <PermissionSelector key={pending.id} request={pending.request} onDecide={settle} graceMs={graceMs} /> : null}
      <PromptInput active={!busy && !quitting} onSubmit={submit} />
    </>
  );
}

function EntryView({ entry, tool, root }: { readonly entry: Entry; readonly tool: string; readonly root: string }) {
  switch (entry.kind) {
    case "banner":
      return (
        <Box flexDirection="column" marginBottom={1}>
          <Text bold>
            read-tool repl: {tool} (guard profile) in {quoteText(root)}
          </Text>
          <Text dimColor>Type a path, or a tool call as JSON like {'{"path": "notes.txt"}'}, then Enter. exit, Ctrl+C or Ctrl+D quits.</Text>
        </Box>
      );
    case "input":
      return (
        <Text>
          <Text color="green" bold>
            {"> "}
          </Text>
          {terminalText(entry.line)}
        </Text>
      );
    case "note":
      return <Text color="red">{terminalText(entry.text)}</Text>;
    case "tool_start":
      return (
        <Text>
          <Text color="cyan">tool_start</Text> {tool} {describeArgs(entry.args)}
        </Text>
      );
    case "permission":
      return (
        <Text>
          <Text color="yellow">permission</Text> {tool} {quoteText(entry.request.requestedPath)} resolved to{" "}
          {quoteText(entry.request.resolvedPath)}: {entry.decision === "allow" ? "allowed" : "denied"}
        </Text>
      );
    case "tool_end":
      return <ToolEnd output={entry.output} tool={tool} />;
  }
}

function ToolEnd({ output, tool }: { readonly output: ReadFileOutput; readonly tool: string }) {
  if (isReadFileError(output)) {
    return (
      <Text>
        <Text color="red">tool_end</Text> {tool} error: {terminalText(output.error)}
      </Text>
    );
  }
  const shown = preview(output.content);
  return (
    <Box flexDirection="column">
      <Text>
        <Text color="green">tool_end</Text> {tool} {quoteText(output.path)} ({output.bytes_read} bytes)
      </Text>
      {output.bytes_read === 0 ? <Text dimColor>(empty file)</Text> : <Text>{terminalText(shown.text)}</Text>}
      {shown.hiddenBytes > 0 ? (
        <Text dimColor>
          … {shown.hiddenBytes} more bytes ({shown.hiddenLines} more lines) not shown; the tool's output holds the whole file
        </Text>
      ) : null}
    </Box>
  );
}

/**
 * The start of a file's content as the transcript shows it: at most {@link PREVIEW_LINES} lines and
 * {@link PREVIEW_CHARS} characters, without the final line break, and how much is left out.
 */
function preview(content: string): { readonly text: string; readonly hiddenBytes: number; readonly hiddenLines: number } {
  const body = content.endsWith("\n") ? content.slice(0, -1) : content;
  let text = body.split("\n", PREVIEW_LINES).join("\n").slice(0, PREVIEW_CHARS);
  if (/[\ud800-\udbff]$/u.test(text)) text = text.slice(0, -1);
  if (text === body) return { text, hiddenBytes: 0, hiddenLines: 0 };
  const rest = body.slice(text.length).replace(/^\n/u, "");
  return {
    text,
    hiddenBytes: Buffer.byteLength(content) - Buffer.byteLength(text),
    hiddenLines: rest.split("\n").length,
  };
}

/** The arguments as `tool_start` shows them: the escaped path for `{ path: string }`, else the JSON. */
function describeArgs(args: unknown): string {
  if (typeof args === "object" && args !== null && !Array.isArray(args)) {
    const keys = Object.keys(args);
    const path = (args as { path?: unknown }).path;
    if (keys.length === 1 && typeof path === "string") return quoteText(path);
  }
  return terminalText(JSON.stringify(args) ?? String(args));
}
