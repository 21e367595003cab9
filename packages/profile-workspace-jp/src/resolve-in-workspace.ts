import nodePath from "node:path";
import { isInside, quoteText } from "@read/core";

/**
 * The toolkit's sandbox for a path argument, before any tool runs (spec 002 §4.1: "createSecureTool
 * により workspace 内の絶対パスへ正規化"): every `\` read as `/`, the path made absolute against the
 * root and cleaned lexically, then kept only when it lies inside the root, decided on path components
 * (`..notes.txt` is a name inside). Nothing is read here: the tool itself resolves the result through the
 * kernel and refuses what a symlinked directory would take outside. Returns the absolute path, or
 * `undefined` for a path outside, and for every path when the root is empty (no workspace holds it; the
 * current directory is never taken instead).
 */
export function resolveInWorkspace(path: string, workspaceRoot: string): string | undefined {
  if (workspaceRoot === "") return undefined;
  const root = nodePath.resolve(workspaceRoot);
  const absolute = nodePath.resolve(root, path.replaceAll("\\", "/"));
  return isInside(root, absolute) ? absolute : undefined;
}

/** The reference's words for a path the sandbox refuses, the path as given (`\` read as `/`). */
export function sandboxViolationMessage(path: string): string {
  return `[Sandbox Violation] Attempted to access path outside of workspace: ${quoteText(path.replaceAll("\\", "/"), '"')}`;
}
