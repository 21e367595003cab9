import levenshtein from "damerau-levenshtein";

/**
 * The name in `names` that `typed` most likely meant: the fewest edits away (an insertion, a deletion, a
 * substitution, or two neighbours swapped, as in `mpc` for `mcp`), at most `maxEdits` and fewer than half
 * of `typed`'s length, so that a short or unrelated word suggests nothing. Ties go to the first in
 * `names`; `undefined` when none is that close.
 */
export function closestName(typed: string, names: readonly string[], maxEdits: number): string | undefined {
  let best: { readonly name: string; readonly edits: number } | undefined;
  for (const name of names) {
    const edits = levenshtein(typed, name).steps;
    if (edits > maxEdits || edits * 2 >= typed.length) continue;
    if (best === undefined || edits < best.edits) best = { name, edits };
  }
  return best?.name;
}
