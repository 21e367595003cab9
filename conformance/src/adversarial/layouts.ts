import { OUTSIDE_MARKER } from "../assertions/assert-containment.js";
import type { FileEntry, ScratchLayout } from "../scratch-workspace.js";

export { OUTSIDE_MARKER };

/** The text of `inside.txt`, the file most cases that must be read point at. */
export const INSIDE_TEXT = "inside\n";

/** The text of `${ROOT}/data.txt`: what a lexical `..` after a symlink would read instead of the outside file. */
export const LEXICAL_TEXT = "lexically inside, not where the kernel goes\n";

/** `n` symlinks `<prefix>0` -> `<prefix>1` -> ... -> `target`. */
export function chain(prefix: string, n: number, target: string): Record<string, FileEntry> {
  return Object.fromEntries(Array.from({ length: n }, (_, index) => [`${prefix}${index}`, { symlink: index === n - 1 ? target : `${prefix}${index + 1}` }]));
}

/**
 * The workspace of the path-syntax and symlink cases: ordinary files, a directory literally named `~`,
 * links in, out (relative, absolute, to files and to directories), out and back in, short chains,
 * dangling links, loops, magic links under `/proc`, and files
 * outside the root (and in a sibling sharing the root's name as a prefix) that all carry
 * {@link OUTSIDE_MARKER}.
 */
export const PATHS_LAYOUT: ScratchLayout = {
  files: {
    "inside.txt": { text: INSIDE_TEXT },
    "data.txt": { text: LEXICAL_TEXT },
    "sub/nested.txt": { text: "nested\n" },
    "sub/deeper/leaf.txt": { text: "leaf\n" },
    "~/home.txt": { text: "a directory literally named ~\n" },
    "link-in": { symlink: "inside.txt" },
    "link-out": { symlink: "../outside/data.txt" },
    "link-out-abs": { symlink: "${OUTSIDE}/data.txt" },
    "dir-out": { symlink: "../outside" },
    "dir-out-abs": { symlink: "${OUTSIDE}" },
    "sub/up": { symlink: "../.." },
    "sub/back-in": { symlink: "../../ws/inside.txt" },
    "sub-link": { symlink: "sub" },
    dangling: { symlink: "missing-target.txt" },
    "dangling-out": { symlink: "../outside/missing.txt" },
    "loop-a": { symlink: "loop-b" },
    "loop-b": { symlink: "loop-a" },
    "loop-self": { symlink: "loop-self" },
    "magic-out": { symlink: "/proc/self/root${OUTSIDE}" },
    "proc-cwd": { symlink: "/proc/self/cwd" },
    ...chain("chain-", 3, "inside.txt"),
    ...chain("out-chain-", 2, "../outside/data.txt"),
  },
  outside: {
    "data.txt": { text: `${OUTSIDE_MARKER} data\n` },
    "deep/deep.txt": { text: `${OUTSIDE_MARKER} deep\n` },
    ".env": { text: `${OUTSIDE_MARKER} env\n` },
  },
  around: {
    "ws_evil/data.txt": { text: `${OUTSIDE_MARKER} sibling\n` },
    "data.txt": { text: `${OUTSIDE_MARKER} parent\n` },
    "ws-link": { symlink: "ws" },
  },
};
