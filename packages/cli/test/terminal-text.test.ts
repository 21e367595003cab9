import { expect, test } from "vitest";
import { terminalText } from "../src/repl/terminal-text.js";

test("terminal text: CRLF is a line break, tabs expand to stops of eight, every other control is a visible escape", () => {
  expect(terminalText("a\u001b[31mb\r\nc\td\re\u202ef\u2028g\u0085")).toBe("a\\x1b[31mb\nc       d\\re\\u202ef\\u2028g\\x85");
  expect(terminalText("\tx\n12345678\ty")).toBe("        x\n12345678        y");
});
