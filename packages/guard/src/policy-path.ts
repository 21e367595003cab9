import { isInside, normalizeSegments, splitPath } from "@read/core";

/** An absolute path in the forms the policy matches: its names as they are and normalised. */
export interface PolicyPath {
  readonly absolute: string;
  /** Whether the path lies inside the root (or is it). */
  readonly inside: boolean;
  /** The root-relative POSIX path when the path lies strictly inside the root. */
  readonly relative: string | undefined;
  /** The path's names: as they are first, then each distinct normalised form (`normalizeSegments`). */
  readonly nameLists: readonly (readonly string[])[];
  /** How many leading names belong to the root (to cut each name list into a root-relative one). */
  readonly rootDepth: number;
}

/** Describes `absolute` (an absolute POSIX path) relative to the canonical `root` for policy matching. */
export function policyPath(root: string, absolute: string): PolicyPath {
  const names = splitPath(absolute);
  const lists = [names, ...normalizeSegments(names)];
  const nameLists = lists.filter((list, index) => lists.findIndex((other) => sameNames(other, list)) === index);
  const inside = isInside(root, absolute);
  const rootDepth = splitPath(root).length;
  const relative = inside && names.length > rootDepth ? names.slice(rootDepth).join("/") : undefined;
  return { absolute, inside, relative, nameLists, rootDepth };
}

function sameNames(a: readonly string[], b: readonly string[]): boolean {
  return a.length === b.length && a.every((name, index) => name === b[index]);
}
