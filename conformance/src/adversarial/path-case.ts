import { windowInput } from "../suite-context.js";
import type { AdversarialCase, AdversarialGroup, Expect, Safety } from "./adversarial-case.js";
import { PATHS_LAYOUT } from "./layouts.js";

/** Outcome pickers shared by the case lists. */
export const OUTSIDE: Expect = (oracle) => ({ outcome: oracle.behaviour.outsideRoot });
export const NOT_FOUND: Expect = (oracle) => ({ outcome: oracle.behaviour.notFound });
export const DIRECTORY: Expect = (oracle) => ({ outcome: oracle.behaviour.directory });
export const INVALID: Expect = (_oracle, adversarial) => ({ outcome: adversarial.invalidInput });
export const LOOP: Expect = (_oracle, adversarial) => ({ outcome: adversarial.symlinkLoop });
/** A name of whitespace, controls or bidi marks that names no file: refused as input, or looked up and not found. */
export const UNUSUAL: Expect = (_oracle, adversarial) => ({ outcome: adversarial.unusualName ?? adversarial.invalidInput });
/** A path asked under a system location outside the root (`/etc`, `/proc`, `/dev`): the profile's own outcome, else any outside path's. */
export const SYSTEM: Expect = (oracle, adversarial) => ({ outcome: adversarial.systemLocation ?? oracle.behaviour.outsideRoot });

/** `kernel` where the kernel reads the path as given, `lexical` where the profile cleans it first (`lexicalClean`). */
export function byCleaning(kernel: Expect, lexical: Expect): Expect {
  return (oracle, adversarial) => (adversarial.lexicalClean ? lexical : kernel)(oracle, adversarial);
}

/** `name` where a backslash is a character of a name, `separator` where the profile reads it as `/` (`backslashSeparator`). */
export function byBackslash(name: Expect, separator: Expect): Expect {
  return (oracle, adversarial) => (adversarial.backslashSeparator ? separator : name)(oracle, adversarial);
}

/** `otherwise` for a path whose last component is a symlink, unless the profile refuses every such link (`finalSymlink`). */
export function lastIsLink(otherwise: Expect): Expect {
  return (oracle, adversarial) => (oracle.behaviour.finalSymlink === null ? otherwise(oracle, adversarial) : { outcome: oracle.behaviour.finalSymlink });
}

/** `otherwise`, unless the path lies in a system location the profile refuses as such (`systemLocation`). */
export function unlessSystem(otherwise: Expect): Expect {
  return (oracle, adversarial) => (adversarial.systemLocation === undefined ? otherwise(oracle, adversarial) : { outcome: adversarial.systemLocation });
}

/** The file's text, read. */
export function reads(text: string): Expect {
  return () => ({ outcome: { content: true }, text });
}

/**
 * A case of one call with the path parameter set to `path` (`${ROOT}`, `${OUTSIDE}` and `${DIR}` replaced
 * by the workspace's paths), or to a non-string value.
 */
export function pathCase(group: AdversarialGroup, name: string, title: string, safety: Safety, path: unknown, expect: Expect, extra: Partial<AdversarialCase> = {}): AdversarialCase {
  return {
    group,
    name,
    title,
    safety,
    layout: PATHS_LAYOUT,
    input: (workspace, oracle) => windowInput(oracle, typeof path === "string" ? workspace.expand(path) : path),
    expect,
    ...extra,
  };
}
