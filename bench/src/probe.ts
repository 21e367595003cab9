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
  | { readonly kind: "mcp"; readonly root: string; readonly file: string; readonly op: "whole" | "head" | "tail"; readonly lines: number }
  | { readonly kind: "gemini"; readonly root: string; readonly file: string }
  | { readonly kind: "naive"; readonly file: string };

/** What a probe reports. */
export interface ProbeResult {
  readonly maxRssKiB: number;
  /** Set when the call failed or returned an error. */
  readonly error?: string;
}

/** Runs the probe's one call and reports the process's peak RSS (`process.resourceUsage().maxRSS`). */
export async function runProbe(spec: ProbeSpec): Promise<ProbeResult> {
  let error: string | undefined;
  try {
    error = await callOnce(spec);
  } catch (thrown) {
    error = thrown instanceof Error ? `${(thrown as NodeJS.ErrnoException).code ?? thrown.name}: ${thrown.message}` : String(thrown);
  }
  const maxRssKiB = process.resourceUsage().maxRSS;
  return error === undefined ? { maxRssKiB } : { maxRssKiB, error: error.slice(0, 300) };
}

async function callOnce(spec: ProbeSpec): Promise<string | undefined> {
  switch (spec.kind) {
    case "baseline":
      return undefined;
    case "zod":
      await import(ZOD);
      return undefined;
    case "profile": {
      const { loadProfile } = await import("@read/profiles");
      const tool = (await loadProfile(spec.profile)).createTool({ root: spec.root, requester: async () => "allow", ...spec.options });
      const output = await tool.call(spec.input);
      return tool.isError(output) ? JSON.stringify(output).slice(0, 300) : undefined;
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
      return result.error;
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
