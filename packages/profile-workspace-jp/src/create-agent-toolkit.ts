import { createTool } from "./profile.js";
import type { ReadFileInput } from "./input-schema.js";
import { isErrorOutput, type ReadFileOutput } from "./output.js";
import { ReadFileError } from "./read-file-error.js";

/** Options of {@link createAgentToolkit}. */
export interface AgentToolkitOptions {
  /** The workspace directory; canonicalised once when the toolkit is created. */
  readonly root: string;
}

/** The typed, programmatic face of the toolkit (spec 002 §8 `createAgentToolkit().readFile`). */
export interface AgentToolkit {
  /**
   * Runs `read_file` with typed arguments. Resolves to the output the model would receive on success;
   * rejects with a {@link ReadFileError} carrying the spec's code and message otherwise.
   */
  readFile(input: ReadFileInput): Promise<ReadFileOutput>;
}

/**
 * Creates the toolkit for the workspace at `root`.
 *
 * @throws Error when the root is not a readable directory.
 */
export function createAgentToolkit(options: AgentToolkitOptions): AgentToolkit {
  const tool = createTool({ root: options.root });
  return {
    async readFile(input) {
      const output = await tool.call(input);
      if (isErrorOutput(output)) throw new ReadFileError(output.error.code, output.error.message);
      return output;
    },
  };
}
