/**
 * The forms of a path's names that policy rules are matched on, the way a case-insensitive,
 * normalising file system compares names: each segment NFC-normalised and with trailing dots and
 * spaces stripped (Windows drops them: `.env.` and `.env ` open `.env`). The second form also drops an
 * NTFS `:stream` suffix (`.env:$DATA` is `.env`). Both forms are returned (once when equal) so that a
 * rule matches whichever reading of the name applies. Case is kept: callers fold it where they compare.
 */
export function normalizeSegments(segments: readonly string[]): readonly (readonly string[])[] {
  const plain = segments.map(normalizeName);
  // Names without a `:` have no stream suffix to drop: both forms are the same.
  if (!segments.some((segment) => segment.includes(":"))) return [plain];
  const streamless = segments.map((segment) => normalizeName(segment.replace(/:.*$/su, "")));
  return plain.every((name, index) => name === streamless[index]) ? [plain] : [plain, streamless];
}

/** One name NFC-normalised with its trailing dots and spaces stripped. */
export function normalizeName(name: string): string {
  return isOwnForm(name) ? name : name.normalize("NFC").replace(/[. ]+$/u, "");
}

/** The names of an absolute or relative POSIX path, without empty segments. */
export function splitPath(value: string): string[] {
  return value.split("/").filter((segment) => segment !== "");
}

// NFC leaves ASCII as it is: an ASCII name that ends in neither a dot nor a space is its own normal form.
function isOwnForm(name: string): boolean {
  for (let at = 0; at < name.length; at++) if (name.charCodeAt(at) >= 0x80) return false;
  return !name.endsWith(".") && !name.endsWith(" ");
}
