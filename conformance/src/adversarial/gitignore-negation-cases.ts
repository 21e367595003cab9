import type { ScratchLayout } from "../scratch-workspace.js";
import type { AdversarialCase } from "./adversarial-case.js";
import { pathCase } from "./path-case.js";
import { ignored } from "./sensitive-name-cases.js";

/** `*.log` ignores every log, then `!keep.log` re-includes one: git reads the file list top to bottom, the last matching line deciding. */
const LAYOUT: ScratchLayout = {
  files: {
    ".gitignore": { text: "*.log\n!keep.log\n" },
    "app.log": { text: "app log\n" },
    "keep.log": { text: "kept log\n" },
  },
};

/**
 * A negation that does re-include (issue 31): `app.log` stays ignored and `keep.log` is read again. The
 * other negation cases are spelt so that git still ignores the file, which a matcher that drops every
 * `!` line passes too; `keep.log` is read by every profile, so only a matcher that honours `!` passes here.
 */
export const GITIGNORE_NEGATION_CASES: readonly AdversarialCase[] = [
  pathCase("sensitive-names", "gitignored-negation-other-file", "`app.log`: `*.log`, then `!keep.log` (the negation names another file)", "either", "app.log", ignored("app log\n"), { layout: LAYOUT }),
  pathCase("sensitive-names", "gitignored-negation-reincluded", "`keep.log`: `*.log`, then `!keep.log` re-includes it", "read", "keep.log", () => ({ outcome: { content: true }, text: "kept log\n" }), { layout: LAYOUT }),
];
