import { useRef, useState } from "react";
import { Text, useInput } from "ink";
import { terminalText } from "./terminal-text.js";

// Controls cannot be meant as part of a path typed at the prompt.
const TYPED_CONTROLS = /[\u0000-\u001f\u007f-\u009f]/gu;
const LINE_BREAK = /\r\n|\r|\n/u;

/** Props of {@link PromptInput}. */
export interface PromptInputProps {
  /** Whether the line is shown and reads keys; while it is not, keys are not read and the line is kept. */
  readonly active: boolean;
  /** Called with the line when the person presses Enter (or pastes a line break); the line is then cleared. */
  readonly onSubmit: (line: string) => void;
}

/**
 * The REPL's input line: `> ` and what has been typed, with a block cursor. Typed and pasted text is
 * appended (controls dropped), Backspace removes the last character, Ctrl+U clears the line, Enter
 * submits. A paste that holds line breaks submits each complete line in order and keeps the rest.
 */
export function PromptInput({ active, onSubmit }: PromptInputProps) {
  const [line, setLine] = useState("");
  // A ref mirrors the line because several keys can arrive in one chunk before React renders again.
  const lineRef = useRef("");
  const update = (next: string) => {
    lineRef.current = next;
    setLine(next);
  };

  useInput(
    (input, key) => {
      if (key.return) {
        const submitted = lineRef.current;
        update("");
        onSubmit(submitted);
        return;
      }
      if (key.backspace || key.delete) return update([...lineRef.current].slice(0, -1).join(""));
      if (key.ctrl && input === "u") return update("");
      if (key.ctrl || key.meta) return;
      const [first = "", ...more] = input.split(LINE_BREAK);
      let current = lineRef.current + first.replace(TYPED_CONTROLS, "");
      for (const next of more) {
        onSubmit(current);
        current = next.replace(TYPED_CONTROLS, "");
      }
      update(current);
    },
    { isActive: active },
  );

  if (!active) return null;
  return (
    <Text>
      <Text color="green" bold>
        {"> "}
      </Text>
      {terminalText(line)}
      <Text inverse> </Text>
    </Text>
  );
}
