import os from "node:os";
import { spawn, type IPty } from "@lydell/node-pty";
import { CI_VARIABLES } from "../src/repl/prompt-blocker.js";
import { BIN } from "./run-cli.js";

/**
 * A minimal terminal screen: enough of VT100/xterm to follow what ink draws (printing with deferred
 * wrap, CR, LF with scrolling, backspace, tabs, cursor movement, erase in line and in display; SGR
 * colours, private modes and OSC strings are consumed and ignored). `lines()` is what a person sees.
 */
export class TerminalScreen {
  private readonly grid: string[][];
  private row = 0;
  private col = 0;
  private pendingWrap = false;
  private rest = "";

  constructor(
    readonly cols: number,
    readonly rows: number,
  ) {
    this.grid = Array.from({ length: rows }, () => []);
  }

  /** The visible lines, trailing spaces and trailing empty lines removed. */
  lines(): string[] {
    const lines = this.grid.map((cells) => cells.map((cell) => cell || " ").join("").trimEnd());
    while (lines.length > 0 && lines.at(-1) === "") lines.pop();
    return lines;
  }

  /** The visible screen as one string, one line per row. */
  text(): string {
    return this.lines().join("\n");
  }

  write(data: string): void {
    const input = this.rest + data;
    this.rest = "";
    let i = 0;
    while (i < input.length) {
      const char = input[i] as string;
      if (char === "\u001b") {
        const consumed = this.escape(input, i);
        if (consumed === 0) {
          this.rest = input.slice(i);
          return;
        }
        i += consumed;
        continue;
      }
      i += 1;
      switch (char) {
        case "\r":
          this.col = 0;
          this.pendingWrap = false;
          break;
        case "\n":
          this.lineFeed();
          break;
        case "\b":
          this.col = Math.max(0, this.col - 1);
          this.pendingWrap = false;
          break;
        case "\t":
          this.col = Math.min(this.cols - 1, (Math.floor(this.col / 8) + 1) * 8);
          break;
        default:
          if (char < " " || char === "\u007f") break;
          this.print(char);
      }
    }
  }

  private print(char: string): void {
    if (this.pendingWrap) {
      this.col = 0;
      this.lineFeed();
    }
    const line = this.grid[this.row] as string[];
    while (line.length < this.col) line.push(" ");
    line[this.col] = char;
    if (this.col === this.cols - 1) this.pendingWrap = true;
    else this.col += 1;
  }

  private lineFeed(): void {
    this.pendingWrap = false;
    if (this.row === this.rows - 1) {
      this.grid.shift();
      this.grid.push([]);
    } else {
      this.row += 1;
    }
  }

  /** Consumes the escape sequence at `start`; 0 when it is incomplete (more data is needed). */
  private escape(input: string, start: number): number {
    const kind = input[start + 1];
    if (kind === undefined) return 0;
    if (kind === "]") {
      const bel = input.indexOf("\u0007", start);
      const st = input.indexOf("\u001b\\", start);
      const ends = [bel === -1 ? -1 : bel + 1, st === -1 ? -1 : st + 2].filter((end) => end > 0);
      return ends.length === 0 ? 0 : Math.min(...ends) - start;
    }
    if (kind !== "[") return 2;
    const match = /^\u001b\[([?>=]?)([0-9;]*)([ -/]*)([@-~])/u.exec(input.slice(start));
    if (match === null) return /^\u001b\[[?>=]?[0-9;]*[ -/]*$/u.test(input.slice(start)) ? 0 : 2;
    const [sequence, privateMark, params, , final] = match as unknown as [string, string, string, string, string];
    if (privateMark === "") this.csi(final, params.split(";").map((value) => (value === "" ? undefined : Number(value))));
    return sequence.length;
  }

  private csi(final: string, params: (number | undefined)[]): void {
    const n = Math.max(1, params[0] ?? 1);
    const line = this.grid[this.row] as string[];
    switch (final) {
      case "A":
        this.row = Math.max(0, this.row - n);
        break;
      case "B":
        this.row = Math.min(this.rows - 1, this.row + n);
        break;
      case "C":
        this.col = Math.min(this.cols - 1, this.col + n);
        break;
      case "D":
        this.col = Math.max(0, this.col - n);
        break;
      case "G":
        this.col = Math.min(this.cols - 1, n - 1);
        break;
      case "H":
      case "f":
        this.row = Math.min(this.rows - 1, n - 1);
        this.col = Math.min(this.cols - 1, Math.max(1, params[1] ?? 1) - 1);
        break;
      case "K": {
        const mode = params[0] ?? 0;
        if (mode === 0) line.splice(this.col);
        else if (mode === 1) for (let c = 0; c <= this.col && c < line.length; c++) line[c] = " ";
        else line.length = 0;
        break;
      }
      case "J": {
        const mode = params[0] ?? 0;
        if (mode === 0) {
          line.splice(this.col);
          for (let r = this.row + 1; r < this.rows; r++) this.grid[r] = [];
        } else if (mode === 1) {
          for (let r = 0; r < this.row; r++) this.grid[r] = [];
        } else {
          for (let r = 0; r < this.rows; r++) this.grid[r] = [];
        }
        break;
      }
      default:
        return;
    }
    this.pendingWrap = false;
  }
}

/** Keys as a terminal sends them. */
export const KEYS = {
  up: "\u001b[A",
  down: "\u001b[B",
  enter: "\r",
  escape: "\u001b",
  backspace: "\u007f",
  ctrlC: "\u0003",
  ctrlD: "\u0004",
} as const;

/** A `read-tool` process in a pseudo-terminal, with the screen it draws. */
export interface TerminalSession {
  readonly pty: IPty;
  readonly screen: TerminalScreen;
  /** Resolves to the exit code once the process has exited. */
  readonly exited: Promise<number>;
  /** The exit code, waiting at most `timeoutMs`; fails with the screen in the message. */
  exitCode(timeoutMs?: number): Promise<number>;
  /** Sends keys, as typing them would. */
  type(keys: string): void;
  /** Polls the screen until `check` holds (or `text` appears), failing after `timeoutMs` with the screen in the message. */
  waitFor(check: string | ((screen: string) => boolean), timeoutMs?: number): Promise<string>;
  /** Kills the process if it still runs. */
  kill(): void;
}

/**
 * Starts the built `read-tool` with `args` in a pseudo-terminal of `cols`×`rows`. The CI variables are
 * removed from its environment (ink draws no live frame when they are set: see prompt-blocker.ts);
 * `env` adds or overrides variables.
 */
export function startInTerminal(args: readonly string[], options: { cwd?: string; cols?: number; rows?: number; env?: Record<string, string> } = {}): TerminalSession {
  const cols = options.cols ?? 160;
  const rows = options.rows ?? 40;
  const env: Record<string, string> = {};
  for (const [key, value] of Object.entries(process.env)) {
    if (value !== undefined && !CI_VARIABLES.includes(key)) env[key] = value;
  }
  Object.assign(env, { TERM: "xterm-256color" }, options.env);
  const pty = spawn(process.execPath, [BIN, ...args], { name: "xterm-256color", cols, rows, cwd: options.cwd ?? os.tmpdir(), env });
  const screen = new TerminalScreen(cols, rows);
  pty.onData((data) => screen.write(data));
  const exited = new Promise<number>((resolve) => pty.onExit(({ exitCode }) => resolve(exitCode)));
  let alive = true;
  void exited.then(() => (alive = false));
  return {
    pty,
    screen,
    exited,
    type: (keys) => pty.write(keys),
    async exitCode(timeoutMs = 10_000) {
      let timer: NodeJS.Timeout | undefined;
      const timeout = new Promise<never>((_, reject) => {
        timer = setTimeout(() => reject(new Error(`the process did not exit within ${timeoutMs} ms; the screen:\n${screen.text()}`)), timeoutMs);
      });
      try {
        return await Promise.race([exited, timeout]);
      } finally {
        clearTimeout(timer);
      }
    },
    async waitFor(check, timeoutMs = 10_000) {
      const holds = typeof check === "string" ? (text: string) => text.includes(check) : check;
      const deadline = Date.now() + timeoutMs;
      for (;;) {
        const text = screen.text();
        if (holds(text)) return text;
        if (Date.now() > deadline) throw new Error(`timed out after ${timeoutMs} ms waiting for ${typeof check === "string" ? JSON.stringify(check) : "a condition"}; the screen:\n${text}`);
        await new Promise((resolve) => setTimeout(resolve, 25));
      }
    },
    kill() {
      if (alive) pty.kill();
    },
  };
}
