import { useEffect, useRef, useState } from "react";
import { Box, Text, useInput } from "ink";
import { quoteText, type PermissionRequest } from "@read/core";
import { terminalText } from "./terminal-text.js";

/** The person's answer to one permission request. */
export type PermissionDecision = "allow" | "deny";

const OPTIONS = [
  { decision: "allow", label: "Allow" },
  { decision: "deny", label: "Deny" },
] as const satisfies readonly { decision: PermissionDecision; label: string }[];

/** Where the cursor starts: on Deny, so an Enter pressed by habit does not open a file outside the root. */
const DEFAULT_FOCUS = 1;

/** Props of {@link PermissionSelector}. */
export interface PermissionSelectorProps {
  readonly request: PermissionRequest;
  /** Called once, with the confirmed option (Enter) or `"deny"` (Esc). */
  readonly onDecide: (decision: PermissionDecision) => void;
  /** How long every key is ignored after the prompt appears (see `promptGraceMs`). */
  readonly graceMs: number;
}

/**
 * The permission prompt of spec 003 §4: title `Allow ReadFile?`, the tool, the path as asked and as
 * resolved (escaped, so a file name cannot forge lines), the key hint, and the options Allow and Deny
 * with a cursor (`❯`) on the focused one, Deny at first. ↑/↓ and j/k move the cursor (wrapping, so with
 * two options each move toggles), Enter confirms, Esc denies; every other key is ignored. It takes the
 * keyboard while it is mounted: the caller pauses its own input meanwhile.
 *
 * Keys never answer a prompt the person has not read (issue 16): for `graceMs` after it appears every
 * key is ignored, and so is every key typed before it appeared (they are read, in the same turn of the
 * event loop, before the grace can end). Only then does the cursor appear, so a person sees when keys
 * start to count.
 */
export function PermissionSelector({ request, onDecide, graceMs }: PermissionSelectorProps) {
  const [focus, setFocus] = useState<number>(DEFAULT_FOCUS);
  const [armed, setArmed] = useState(false);
  // Refs, not state, because several keys can arrive in one chunk before React renders again.
  const focusRef = useRef<number>(DEFAULT_FOCUS);
  const armedRef = useRef(false);
  const decided = useRef(false);

  useEffect(() => {
    let immediate: NodeJS.Immediate | undefined;
    // The timer fires in the timers phase; keys already waiting are read in the poll phase that follows,
    // and only the check phase after it (setImmediate) arms the prompt: a stalled event loop cannot
    // deliver old keys to an armed prompt.
    const timer = setTimeout(() => {
      immediate = setImmediate(() => {
        armedRef.current = true;
        setArmed(true);
      });
    }, graceMs);
    return () => {
      clearTimeout(timer);
      if (immediate !== undefined) clearImmediate(immediate);
    };
  }, [graceMs]);

  const decide = (decision: PermissionDecision) => {
    if (decided.current) return;
    decided.current = true;
    onDecide(decision);
  };
  const move = (step: number) => {
    focusRef.current = (focusRef.current + step + OPTIONS.length) % OPTIONS.length;
    setFocus(focusRef.current);
  };

  useInput((input, key) => {
    if (!armedRef.current) return;
    if (key.escape) return decide("deny");
    if (key.ctrl || key.meta) return;
    if (key.upArrow || input === "k") return move(-1);
    if (key.downArrow || input === "j") return move(1);
    if (key.return) decide(OPTIONS[focusRef.current]?.decision ?? "deny");
  });

  return (
    <Box flexDirection="column" borderStyle="round" borderColor="yellow" paddingX={1}>
      <Text bold>Allow ReadFile?</Text>
      <Text>Tool: {terminalText(request.tool)}</Text>
      <Text>Path: {quoteText(request.requestedPath)}</Text>
      <Text>Resolved: {quoteText(request.resolvedPath)}</Text>
      <Text dimColor>[↑/↓ to navigate, Enter to confirm]</Text>
      {OPTIONS.map((option, index) => (
        <Text key={option.decision} {...(armed && index === focus ? { color: "cyan", bold: true } : {})}>
          {armed && index === focus ? "❯ " : "  "}
          {option.label}
        </Text>
      ))}
    </Box>
  );
}
