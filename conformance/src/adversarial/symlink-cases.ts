import fs from "node:fs";
import path from "node:path";
import { FIXED_MTIME_MS, type ScratchLayout, type ScratchWorkspace } from "../scratch-workspace.js";
import { windowInput } from "../suite-context.js";
import { type AdversarialCase, type Expect, type Safety } from "./adversarial-case.js";
import { chain, INSIDE_TEXT, LEXICAL_TEXT, PATHS_LAYOUT } from "./layouts.js";
import { OUTSIDE_TARGET_CASES } from "./outside-target-cases.js";
import { byCleaning, lastIsLink, LOOP, NOT_FOUND, OUTSIDE, pathCase, reads, SYSTEM, unlessSystem } from "./path-case.js";

const link = (name: string, title: string, safety: Safety, target: string, expect: Expect, extra: Partial<AdversarialCase> = {}): AdversarialCase =>
  pathCase("symlinks", name, title, safety, target, expect, extra);

const withFiles = (files: NonNullable<ScratchLayout["files"]>): ScratchLayout => ({ ...PATHS_LAYOUT, files: { ...PATHS_LAYOUT.files, ...files } });

const throughRootLink = { root: (workspace: { dir: string }) => path.join(workspace.dir, "ws-link") };

// The descriptor the proc-fd case opened for each workspace (runs of the same case may overlap).
const OPEN_OUTSIDE = new WeakMap<ScratchWorkspace, number>();

const HARD_LINKED_TEXT = "hard-linked from outside the root\n";

/** A directory name outside the root that no message about a refused read may carry (issue 16, hole 4). */
const HIDDEN = "hidden-target-7q";

/** Links to a file deep outside the root, and to a missing one there: where they lead is news about the outside. */
const LEAK_LAYOUT = withFiles({
  "peek": { symlink: `../outside/${HIDDEN}/deep/thing.txt` },
  "peek-missing": { symlink: `../outside/${HIDDEN}/deep/missing.txt` },
  "peek-loop": { symlink: `../outside/${HIDDEN}/loop` },
});
const LEAK_OUTSIDE = { ...PATHS_LAYOUT.outside, [`${HIDDEN}/deep/thing.txt`]: { text: "thing\n" }, [`${HIDDEN}/loop`]: { symlink: "loop" } };

/** What a profile that asks answers once the person allows (its declared outcome), else the outside refusal. */
function afterAllow(kind: "symlinkLoop" | "permissionDenied"): Expect {
  return (oracle, adversarial) => ({ outcome: oracle.permissionModes.includes("allow") ? adversarial[kind] : oracle.behaviour.outsideRoot });
}

/**
 * Symlinks: file and directory links out of the root (relative and absolute), chains (inside, out, 30
 * links, and 45: past the kernel's 40), dangling links in and out, loops, links out and back in, the
 * kernel's `..` after a symlink (never the lexical one), magic links under `/proc` (`/proc/self/root`,
 * `/proc/self/cwd`, `/proc/self/fd/N`), a root that is itself reached through a symlink, refusals that
 * must not say where a link out leads, a loop outside the root once a person allowed it, and a hard link
 * to an outside file (a residual risk: it is an ordinary file inside the root), and links to targets of
 * different classes that must be answered alike until a person allowed them. A profile that never
 * follows a symlink as the last component (`behaviour.finalSymlink`) gives every such case that outcome.
 */
export const SYMLINK_CASES: readonly AdversarialCase[] = [
  link("file-out-relative", "a file link to `../outside/data.txt`", "refuse", "link-out", lastIsLink(OUTSIDE)),
  link("file-out-absolute", "a file link to an absolute outside path", "refuse", "link-out-abs", lastIsLink(OUTSIDE)),
  link("directory-out-relative", "`dir-out/data.txt`, `dir-out` linking to `../outside`", "refuse", "dir-out/data.txt", OUTSIDE),
  link("directory-out-absolute", "`dir-out-abs/deep/deep.txt` through an absolute directory link", "refuse", "dir-out-abs/deep/deep.txt", OUTSIDE),
  link("link-inside", "a link to a file inside the root", "read", "link-in", lastIsLink(reads(INSIDE_TEXT))),
  link("chain-inside", "a chain of 3 links ending inside", "read", "chain-0", lastIsLink(reads(INSIDE_TEXT))),
  link("chain-out", "a chain of 2 links ending outside", "refuse", "out-chain-0", lastIsLink(OUTSIDE)),
  link("chain-30", "a chain of 30 links ending inside", "read", "hop-0", lastIsLink(reads(INSIDE_TEXT)), { layout: withFiles(chain("hop-", 30, "inside.txt")) }),
  link("chain-45", "a chain of 45 links (the kernel follows 40)", "refuse", "far-0", lastIsLink(LOOP), { layout: withFiles(chain("far-", 45, "inside.txt")) }),
  link("dangling-inside", "a link to a missing file inside", "refuse", "dangling", lastIsLink(NOT_FOUND)),
  link("dangling-outside", "a link to a missing file outside", "refuse", "dangling-out", lastIsLink(OUTSIDE)),
  link("loop-pair", "two links pointing at each other", "refuse", "loop-a", lastIsLink(LOOP)),
  link("loop-self", "a link pointing at itself", "refuse", "loop-self", lastIsLink(LOOP)),
  link("loop-as-directory", "`loop-a/inside.txt`, a loop used as a directory", "refuse", "loop-a/inside.txt", LOOP),
  link("out-and-back-in", "`sub/back-in`, a link leaving the root and coming back to `inside.txt`", "read", "sub/back-in", lastIsLink(reads(INSIDE_TEXT))),
  link("out-then-parent-in", "`dir-out/../ws/inside.txt`: the kernel's `..` of the outside directory, then back in (cleaned lexically: `<root>/ws/inside.txt`, missing)", "either", "dir-out/../ws/inside.txt", byCleaning(reads(INSIDE_TEXT), NOT_FOUND)),
  link("parent-after-link-out", "`dir-out/../data.txt`: the kernel's `..` lands outside; cleaned lexically first, it is `<root>/data.txt`, checked and read (never the outside file)", "either", "dir-out/../data.txt", byCleaning(OUTSIDE, reads(LEXICAL_TEXT))),
  link("parent-after-link-in", "`sub-link/../inside.txt`, `..` after a link inside", "read", "sub-link/../inside.txt", reads(INSIDE_TEXT)),
  link("link-to-grandparent", "`sub/up/outside/data.txt`, `sub/up` linking to `../..`", "refuse", "sub/up/outside/data.txt", OUTSIDE),
  link("link-to-grandparent-back-in", "`sub/up/ws/inside.txt`, out through `sub/up` and back in", "read", "sub/up/ws/inside.txt", reads(INSIDE_TEXT)),
  link("proc-root-outside", "`/proc/self/root<outside>/data.txt`", "refuse", "/proc/self/root${OUTSIDE}/data.txt", SYSTEM),
  link("proc-root-inside", "`/proc/self/root<root>/inside.txt` (a magic link that resolves inside; a path under `/proc` for a profile that blocks it)", "either", "/proc/self/root${ROOT}/inside.txt", unlessSystem(reads(INSIDE_TEXT))),
  link("proc-root-link-in-root", "`magic-out/data.txt`, `magic-out` linking to `/proc/self/root<outside>`", "refuse", "magic-out/data.txt", OUTSIDE),
  link("proc-cwd", "`proc-cwd`, a link to `/proc/self/cwd`", "refuse", "proc-cwd", lastIsLink(OUTSIDE)),
  {
    ...link("proc-fd", "`/proc/self/fd/N`, N a descriptor this process holds open on an outside file", "refuse", "", SYSTEM),
    prepare(workspace) {
      const fd = fs.openSync(path.join(workspace.outside, "data.txt"), "r");
      OPEN_OUTSIDE.set(workspace, fd);
      return () => fs.closeSync(fd);
    },
    input: (workspace, oracle) => windowInput(oracle, `/proc/self/fd/${OPEN_OUTSIDE.get(workspace) ?? -1}`),
    runDependent: true,
  },
  link("root-through-symlink-inside", "root given through a symlink: `inside.txt`", "read", "inside.txt", reads(INSIDE_TEXT), throughRootLink),
  link("root-through-symlink-escape", "root given through a symlink: `../outside/data.txt`", "refuse", "../outside/data.txt", OUTSIDE, throughRootLink),
  link("root-through-symlink-canonical", "root given through a symlink: the canonical absolute path of `inside.txt`", "read", "${ROOT}/inside.txt", reads(INSIDE_TEXT), throughRootLink),
  link("root-through-symlink-link-path", "root given through a symlink: the absolute path through the link", "read", "${DIR}/ws-link/inside.txt", reads(INSIDE_TEXT), throughRootLink),
  link("refused-names-no-target", "`peek`, a link to a file deep outside: the refusal never names where it leads", "refuse", "peek", lastIsLink(OUTSIDE), {
    layout: { ...LEAK_LAYOUT, outside: LEAK_OUTSIDE },
    forbidInMessages: [HIDDEN],
  }),
  link("refused-missing-no-target", "`peek-missing`, a link to a missing file deep outside: the refusal neither names it nor says it is missing", "refuse", "peek-missing", lastIsLink(OUTSIDE), {
    layout: { ...LEAK_LAYOUT, outside: LEAK_OUTSIDE },
    forbidInMessages: [HIDDEN],
  }),
  link("loop-outside-allowed", "`peek-loop`, a link to a symlink loop outside, allowed by the person: a loop, not a missing file", "refuse", "peek-loop", lastIsLink(afterAllow("symlinkLoop")), {
    layout: { ...LEAK_LAYOUT, outside: LEAK_OUTSIDE },
    permission: "allow",
  }),
  link("hard-link-out", "a hard link inside the root to a file outside", "either", "hard-out.txt", reads(HARD_LINKED_TEXT), {
    residualRisk: "A hard link is the file itself, not a pointer: nothing tells it from an inside file.",
    prepare(workspace) {
      const outside = path.join(workspace.outside, "hard.txt");
      fs.writeFileSync(outside, HARD_LINKED_TEXT);
      fs.utimesSync(outside, new Date(FIXED_MTIME_MS), new Date(FIXED_MTIME_MS));
      fs.linkSync(outside, path.join(workspace.root, "hard-out.txt"));
    },
  }),
  ...OUTSIDE_TARGET_CASES,
];
