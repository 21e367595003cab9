/**
 * The forms of a path's names that policy rules are matched on, the way a case-insensitive,
 * normalising file system compares names: each segment NFC-normalised and with trailing dots and
 * spaces stripped (Windows drops them: `.env.` and `.env ` open `.env`). The second form also drops an
 * NTFS `:stream` suffix (`.env:$DATA` is `.env`). Both forms are returned (once when equal) so that a
 * rule matches whichever reading of the name applies. Case is kept: callers fold it where they compare.
 */
export function normalizeSegments(segments: readonly string[]): readonly (readonly string[])[] {
  const plain = segments.map(normalizeName);
  const streamless = segments.map((segment) => normalizeName(segment.replace(/:.*$/su, "")));
  return plain.every((name, index) => name === streamless[index]) ? [plain] : [plain, streamless];
}

/** One name NFC-normalised with its trailing dots and spaces stripped. */
export function normalizeName(name: string): string {
  return name.normalize("NFC").replace(/[. ]+$/u, "");
}

/** The names of an absolute or relative POSIX path, without empty segments. */
export function splitPath(value: string): string[] {
  return value.split("/").filter((segment) => segment !== "");
}
