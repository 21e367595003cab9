import fs from "node:fs";
import { errorCode } from "./workspace.js";

/**
 * An absolute glob with its fixed directories resolved, for a policy that matches globs against
 * canonical paths: `/x/link/secrets/**`, with `/x/link` a symlink to `/x/real`, is
 * `/x/real/secrets/**`. The fixed directories are the segments before the first one `isGlobSegment`
 * says holds glob syntax, never the last segment. The resolved part is passed through `escape` (the
 * policy's own glob escaping), so that a directory named `b{x,y}` stays literal. When the fixed
 * directories cannot be resolved, the pattern could only match the spelling it was written in: the
 * result says so (`prefix` and the OS error code), for the policy to refuse it at load.
 */
export function canonicalGlob(
  glob: string,
  isGlobSegment: (segment: string) => boolean,
  escape: (literal: string) => string,
): { readonly ok: true; readonly glob: string } | { readonly ok: false; readonly prefix: string; readonly osError: string } {
  const segments = glob.split("/").slice(1);
  let literal = 0;
  while (literal < segments.length - 1 && !isGlobSegment(segments[literal] ?? "")) literal++;
  const prefix = `/${segments.slice(0, literal).join("/")}`;
  let resolved: string;
  try {
    resolved = fs.realpathSync.native(prefix);
  } catch (error) {
    return { ok: false, prefix, osError: errorCode(error) ?? String(error) };
  }
  return { ok: true, glob: `${escape(resolved.replace(/\/$/u, ""))}/${segments.slice(literal).join("/")}` };
}
