import fs from "node:fs";
import { peerModule } from "./peers.js";

/** One call a fresh process makes so its peak RSS can be read (kept free of the harness's own imports). */
// Specifiers kept in constants so TypeScript types them loosely: the MCP helpers ship no declarations.
const MCP_LIB = "@modelcontextprotocol/server-filesystem/dist/lib.js";
const GEMINI_FILE_UTILS = "@google/gemini-cli-core/dist/src/utils/fileUtils.js";
// zod's entry loads its 63 locales whatever is used of it: every profile pays that at import.
const ZOD = "zod";

export type ProbeSpec =
  | { readonly kind: "baseline" }
  | { readonly kind: "zod" }
  | { readonly kind: "profile"; readonly profile: string; readonly root: string; readonly options: Record<string, unknown>; readonly input: Record<string, unknown> }
  | { readonly kind: "imported"; readonly profile: string; readonly root: string }
  | { readonly kind: "mcp"; readonly root: string; readonly file: string; readonly op: "whole" | "head" | "tail"; readonly lines: number }
  | { readonly kind: "gemini"; readonly root: string; readonly file: string }
  | { readonly kind: "naive"; readonly file: string };

/** What a probe reports. */
export interface ProbeResult {
  readonly maxRssKiB: number;
  /** Set when the call failed or returned an error. */
  readonly error?: string;
  /** A profile call's answer, serialised as JSON, in bytes. */
  readonly answerBytes?: number;
  /** A profile call's own growth: the peak when it returned minus the peak just before it (its tool made). */
  readonly callGrowthKiB?: number;
}

/** Runs the probe's one call and reports the process's peak RSS (`process.resourceUsage().maxRSS`). */
export async function runProbe(spec: ProbeSpec): Promise<ProbeResult> {
  let outcome: Outcome;
  try {
    outcome = await callOnce(spec);
  } catch (thrown) {
    outcome = { error: thrown instanceof Error ? `${(thrown as NodeJS.ErrnoException).code ?? thrown.name}: ${thrown.message}` : String(thrown) };
  }
  const maxRssKiB = outcome?.peakKiB ?? process.resourceUsage().maxRSS;
  return {
    maxRssKiB,
    ...(outcome?.error === undefined ? {} : { error: outcome.error.slice(0, 300) }),
    ...(outcome?.answerBytes === undefined ? {} : { answerBytes: outcome.answerBytes }),
    ...(outcome?.callGrowthKiB === undefined ? {} : { callGrowthKiB: outcome.callGrowthKiB }),
  };
}

type Outcome = { readonly error?: string; readonly answerBytes?: number; readonly peakKiB?: number; readonly callGrowthKiB?: number } | undefined;

async function callOnce(spec: ProbeSpec): Promise<Outcome> {
  switch (spec.kind) {
    case "baseline":
      return undefined;
    case "zod":
      await import(ZOD);
      return undefined;
    case "profile": {
      const { loadProfile } = await import("@read/profiles");
      const tool = (await loadProfile(spec.profile)).createTool({ root: spec.root, requester: async () => "allow", ...spec.options });
      const ready = process.resourceUsage().maxRSS;
      const output = await tool.call(spec.input);
      // Read when the call returns: the serialisation below, which only measures the answer, is the probe's.
      const peakKiB = process.resourceUsage().maxRSS;
      const answer = JSON.stringify(output);
      return { peakKiB, callGrowthKiB: peakKiB - ready, answerBytes: Buffer.byteLength(answer), ...(tool.isError(output) ? { error: answer.slice(0, 300) } : {}) };
    }
    case "imported": {
      const { loadProfile } = await import("@read/profiles");
      (await loadProfile(spec.profile)).createTool({ root: spec.root });
      return undefined;
    }
    case "mcp": {
      const lib = (await import(peerModule(MCP_LIB))) as {
        setAllowedDirectories(directories: string[]): void;
        validatePath(requested: string): Promise<string>;
        readFileContent(file: string): Promise<string>;
        headFile(file: string, lines: number): Promise<string>;
        tailFile(file: string, lines: number): Promise<string>;
      };
      lib.setAllowedDirectories([fs.realpathSync(spec.root)]);
      const valid = await lib.validatePath(spec.file);
      if (spec.op === "whole") await lib.readFileContent(valid);
      else if (spec.op === "head") await lib.headFile(valid, spec.lines);
      else await lib.tailFile(valid, spec.lines);
      return undefined;
    }
    case "gemini": {
      const utils = (await import(peerModule(GEMINI_FILE_UTILS))) as {
        processSingleFileContent(file: string, root: string, service: unknown): Promise<{ error?: string }>;
      };
      const result = await utils.processSingleFileContent(spec.file, spec.root, undefined);
      return result.error === undefined ? undefined : { error: result.error };
    }
    case "naive": {
      const text = await fs.promises.readFile(spec.file, "utf8");
      text
        .split("\n")
        .map((line, index) => `${index + 1}\t${line}`)
        .join("\n");
      return undefined;
    }
  }
}
