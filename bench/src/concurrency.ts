import fs from "node:fs";
import path from "node:path";
import { openDescriptors } from "./open-descriptors.js";
import { peerModule } from "./peers.js";

/** The scenario a child runs under a descriptor limit. */
export interface ConcurrencySpec {
  /**
   * `floor`: the least I/O envelope's read of a small file obliges (`floorOfWholeFile`), nothing else;
   * `floor + checks`: that and the syscalls of the security rules.
   */
  readonly subject: "floor" | "floor + checks" | "envelope" | "MCP fs" | "naive";
  readonly root: string;
  readonly files: readonly string[];
  readonly reads: number;
  readonly inFlight: number;
}

/** What one run of the scenario measured. */
export interface ConcurrencyResult {
  readonly subject: string;
  readonly reads: number;
  readonly inFlight: number;
  /** `Max open files` (soft) as the child saw it in /proc/self/limits. */
  readonly descriptorLimit: number | null;
  readonly wallMs: number;
  readonly readsPerSecond: number;
  readonly errors: number;
  readonly firstError?: string;
  readonly fdsBefore: number;
  readonly fdsPeak: number;
  readonly fdsAfter: number;
  readonly maxRssKiB: number;
}

// Specifiers in constants: loaded at run time from built packages, typed here by the casts.
const MCP_LIB = "@modelcontextprotocol/server-filesystem/dist/lib.js";

/** Reads `reads` files (cycling through `files`) with `inFlight` calls outstanding at any time. */
export async function runConcurrency(spec: ConcurrencySpec): Promise<ConcurrencyResult> {
  const call = await loadCall(spec);
  for (let i = 0; i < Math.min(200, spec.files.length); i++) await call(spec.files[i] ?? "");
  const fdsBefore = openDescriptors();
  let fdsPeak = fdsBefore;
  let errors = 0;
  let firstError: string | undefined;
  let next = 0;
  let done = 0;
  const worker = async () => {
    while (next < spec.reads) {
      const file = spec.files[next++ % spec.files.length] ?? "";
      const error = await call(file).catch((thrown: unknown) => (thrown instanceof Error ? `${(thrown as NodeJS.ErrnoException).code ?? thrown.name}: ${thrown.message}` : String(thrown)));
      if (error !== undefined) {
        errors++;
        firstError ??= error;
      }
      if (++done % 50 === 0) fdsPeak = Math.max(fdsPeak, openDescriptors());
    }
  };
  const start = process.hrtime.bigint();
  await Promise.all(Array.from({ length: spec.inFlight }, worker));
  const wallMs = Number(process.hrtime.bigint() - start) / 1e6;
  return {
    subject: spec.subject,
    reads: spec.reads,
    inFlight: spec.inFlight,
    descriptorLimit: descriptorLimit(),
    wallMs,
    readsPerSecond: (spec.reads / wallMs) * 1000,
    errors,
    ...(firstError === undefined ? {} : { firstError: firstError.slice(0, 300) }),
    fdsBefore,
    fdsPeak,
    fdsAfter: openDescriptors(),
    maxRssKiB: process.resourceUsage().maxRSS,
  };
}

// Each call resolves to an error description, or undefined for a successful read.
async function loadCall(spec: ConcurrencySpec): Promise<(file: string) => Promise<string | undefined>> {
  if (spec.subject === "floor" || spec.subject === "floor + checks") {
    // Imported here: floor.js loads @read/core, which must not weigh on the other subjects' peak RSS.
    const { floorOfWholeFile } = await import("./floor.js");
    const checks = spec.subject === "floor + checks";
    return async (file) => {
      floorOfWholeFile(path.join(spec.root, file), checks);
      return undefined;
    };
  }
  if (spec.subject === "envelope") {
    const { loadProfile } = await import("@read/profiles");
    const tool = (await loadProfile("envelope")).createTool({ root: spec.root });
    return async (file) => {
      const output = await tool.call({ path: file });
      return tool.isError(output) ? JSON.stringify(output).slice(0, 300) : undefined;
    };
  }
  if (spec.subject === "MCP fs") {
    const lib = (await import(peerModule(MCP_LIB))) as { setAllowedDirectories(d: string[]): void; validatePath(p: string): Promise<string>; readFileContent(p: string): Promise<string> };
    lib.setAllowedDirectories([fs.realpathSync(spec.root)]);
    return async (file) => {
      await lib.readFileContent(await lib.validatePath(path.join(spec.root, file)));
      return undefined;
    };
  }
  return async (file) => {
    const text = await fs.promises.readFile(path.join(spec.root, file), "utf8");
    text
      .split("\n")
      .map((line, index) => `${index + 1}\t${line}`)
      .join("\n");
    return undefined;
  };
}

function descriptorLimit(): number | null {
  try {
    const line = fs.readFileSync("/proc/self/limits", "utf8").split("\n").find((l) => l.startsWith("Max open files"));
    const soft = line?.split(/\s{2,}/)[1];
    return soft === undefined ? null : Number(soft);
  } catch {
    return null;
  }
}
