import type { ConformanceCheck } from "../conformance-check.js";
import { caseCheck, type AdversarialCase } from "./adversarial-case.js";
import { DOCUMENT_CASES } from "./document-cases.js";
import { FUZZ_CHECK } from "./fuzz-check.js";
import { GITIGNORE_NEGATION_CASES } from "./gitignore-negation-cases.js";
import { HUGE_LINE_CHECK } from "./huge-line-check.js";
import { IMAGE_CASES } from "./image-cases.js";
import { LOAD_CHECKS } from "./load-checks.js";
import { OUTPUT_INTEGRITY_CASES } from "./output-integrity-cases.js";
import { PATH_SYNTAX_CASES } from "./path-syntax-cases.js";
import { RACE_CASES } from "./race-cases.js";
import { SENSITIVE_NAME_CASES } from "./sensitive-name-cases.js";
import { SPECIAL_FILE_CASES } from "./special-file-cases.js";
import { SYMLINK_CASES } from "./symlink-cases.js";

/** Every adversarial case, group by group, in the order issue 10 lists the groups. */
export const ADVERSARIAL_CASES: readonly AdversarialCase[] = [
  ...PATH_SYNTAX_CASES,
  ...SYMLINK_CASES,
  ...RACE_CASES,
  ...SPECIAL_FILE_CASES,
  ...IMAGE_CASES,
  ...DOCUMENT_CASES,
  ...SENSITIVE_NAME_CASES,
  ...GITIGNORE_NEGATION_CASES,
  ...OUTPUT_INTEGRITY_CASES,
];

/**
 * The adversarial suite as checks of the conformance suite: one check per case (`adversarial/<group>/<case>`),
 * the load tests and the fuzzing property. Every profile runs them; what each must answer comes from
 * its oracle's `behaviour` and `adversarial` blocks.
 */
export const ADVERSARIAL_CHECKS: readonly ConformanceCheck[] = [...ADVERSARIAL_CASES.map(caseCheck), ...LOAD_CHECKS, HUGE_LINE_CHECK, FUZZ_CHECK];
