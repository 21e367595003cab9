import path from "node:path";
import { isReportRun, type RunSettings } from "./run-settings.js";

/** A file a run writes its report to, as JSON or Markdown, in the tracked form (see `stableReport`) or as the run's own. */
export interface ReportDestination {
  readonly file: string;
  readonly format: "json" | "md";
  readonly form: "stable" | "full";
}

/** What decides where a run's reports go. */
export interface DestinationInput {
  readonly settings: RunSettings;
  /** Every one of this repository's profiles through every adapter, from a clone of the repository. */
  readonly complete: boolean;
  /** `--report-json`, `--report-md`, `--no-write`. */
  readonly reportJson?: string | undefined;
  readonly reportMd?: string | undefined;
  readonly noWrite: boolean;
  /** `docs/conformance.{json,md}`. */
  readonly tracked: { readonly json: string; readonly md: string };
  /** `conformance/.runs` (gitignored). */
  readonly runsDir: string;
}

/**
 * The reports a run writes. Files named with `--report-json`/`--report-md` get the run's own report and
 * nothing else is written; `--no-write` writes nothing. Otherwise a complete run writes its own report,
 * notes included, to `<runsDir>/seed-<seed>/`, and, when its settings are the tracked report's (the
 * pinned seed, the default runs and race time: {@link isReportRun}), the stable report to `docs/`: so
 * `pnpm conformance` reproduces the tracked files byte for byte, and a run with any other seed leaves them alone.
 */
export function reportDestinations(input: DestinationInput): readonly ReportDestination[] {
  if (input.reportJson !== undefined || input.reportMd !== undefined) {
    return [
      ...(input.reportJson === undefined ? [] : [{ file: input.reportJson, format: "json", form: "full" } as const]),
      ...(input.reportMd === undefined ? [] : [{ file: input.reportMd, format: "md", form: "full" } as const]),
    ];
  }
  if (input.noWrite || !input.complete) return [];
  const own = path.join(input.runsDir, `seed-${input.settings.seed}`);
  const full: readonly ReportDestination[] = [
    { file: path.join(own, "conformance.json"), format: "json", form: "full" },
    { file: path.join(own, "conformance.md"), format: "md", form: "full" },
  ];
  if (!isReportRun(input.settings)) return full;
  return [...full, { file: input.tracked.json, format: "json", form: "stable" }, { file: input.tracked.md, format: "md", form: "stable" }];
}
