// The commands that draw on the terminal with ink and React, behind one module: `read-tool` imports it
// only when a person is asked something or runs the REPL. scripts/bundle.mjs bundles it, ink and React
// into dist/terminal-ui.bundle.js, which the `read-tool` bundle loads instead.
export { askOnTerminal } from "./repl/ask-on-terminal.js";
export { replCommand } from "./repl/repl-command.js";
