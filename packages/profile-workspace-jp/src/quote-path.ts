// JSON.stringify escapes C0 controls, quotes and backslashes, but not DEL, C1 controls, the bidi
// formatting characters or the Unicode line separators, any of which could disguise a path.
const UNSAFE = /[\u007f-\u009f\u061c\u200e\u200f\u2028\u2029\u202a-\u202e\u2066-\u2069]/gu;

/** A path as it is echoed in messages and renderings: double-quoted, every invisible or control character escaped. */
export function quotePath(path: string): string {
  return JSON.stringify(path).replace(UNSAFE, (char) => `\\u${(char.codePointAt(0) ?? 0).toString(16).padStart(4, "0")}`);
}
