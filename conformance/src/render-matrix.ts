import type { CellStatus, ConformanceReport } from "./build-report.js";
import type { Requirement } from "./load-requirements.js";

const SHOWN: Readonly<Record<CellStatus, string>> = {
  pass: "pass",
  fail: "FAIL",
  xfail: "xfail",
  "n/a": "n/a",
  package: "pkg",
  untested: "UNTESTED",
  unchecked: "not checked",
};

/** The profile x requirement matrix as a plain-text table for the terminal (`·`: another profile's requirement). */
export function renderMatrix(report: ConformanceReport, requirements: readonly Requirement[]): string {
  const header = ["requirement", ...report.profiles.map((profile) => profile.profile)];
  const rows = requirements.flatMap((requirement) => {
    const cells = report.profiles.map((profile) => {
      const cell = profile.requirements.find((candidate) => candidate.id === requirement.id);
      return cell === undefined ? "·" : SHOWN[cell.status];
    });
    return cells.every((cell) => cell === "·") ? [] : [[requirement.id, ...cells]];
  });
  const widths = header.map((title, column) => Math.max(title.length, ...rows.map((row) => (row[column] ?? "").length)));
  const line = (cells: readonly string[]) => cells.map((cell, column) => cell.padEnd(widths[column] ?? 0)).join("  ").trimEnd();
  return [line(header), line(widths.map((width) => "-".repeat(width))), ...rows.map(line)].join("\n");
}
