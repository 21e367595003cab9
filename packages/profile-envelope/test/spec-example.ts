/**
 * The file behind spec 001 §2.3.3's example: 1523 lines starting "import os", "import json", "", whose
 * first 500 lines make a `content` of 12050 characters (`chars_read` counts the `"%4d | "` prefixes and
 * newlines too, as MyCodeAgent's `len(content)` does) and whose whole is 45200 bytes, so every number of
 * the example holds. Lines 4-500 are 16 or 17 characters long, lines 501-1523 are 34 or 35.
 */
export function specExampleLines(): string[] {
  const lines = ["import os", "import json", ""];
  for (let n = 4; n <= 500; n++) lines.push(constant(n, n - 4 < 78 ? 17 : 16));
  for (let n = 501; n <= 1523; n++) lines.push(constant(n, n - 501 < 845 ? 35 : 34));
  return lines;
}

function constant(n: number, width: number): string {
  const head = `C${String(n).padStart(4, "0")} = "`;
  return `${head}${"a".repeat(width - head.length - 1)}"`;
}

/** Spec 001 §2.3.3, verbatim (its `content` shows only the first three of the 500 lines). */
export const SPEC_EXAMPLE = {
  status: "partial",
  data: {
    content: "   1 | import os\n   2 | import json\n   3 | \n",
    truncated: true,
  },
  text: "Read 500 lines from 'src/utils.py' (Lines 1-500).\n(Took 12ms)\n[Truncated: Showing first 500 of 1523 lines. Use start_line=501 to continue.]",
  stats: {
    time_ms: 12,
    lines_read: 500,
    chars_read: 12050,
    total_lines: 1523,
    file_size_bytes: 45200,
    file_mtime_ms: 1735212345000,
    encoding: "utf-8",
  },
  context: {
    cwd: ".",
    params_input: { path: "src/utils.py", limit: 500 },
    path_resolved: "src/utils.py",
  },
} as const;
