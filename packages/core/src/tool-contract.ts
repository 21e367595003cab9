import type { z } from "zod";

/** A JSON Schema object, as tool definitions carry it. */
export type JsonSchema = { readonly [key: string]: unknown };

/** The tool definition a model sees: the shape every agent API takes (name, description, JSON Schema). */
export interface ToolDefinition {
  readonly name: string;
  readonly description: string;
  readonly parameters: JsonSchema;
}

/**
 * What every profile's `createTool` returns. Tests, the CLI, the MCP server, the adapters and the
 * conformance harness drive every profile through this interface alone.
 */
export interface ReadTool<Output = unknown> {
  /** The tool's name as its spec fixes it (`Read`, `read_file`). */
  readonly name: string;
  /** Other names that resolve to this tool (empty when the spec gives none). */
  readonly aliases: readonly string[];
  /** The definition the model sees. */
  readonly definition: ToolDefinition;
  /** JSON Schema of every output `call` can resolve to, errors included (for MCP `outputSchema`). */
  readonly outputSchema: JsonSchema;
  /**
   * Runs one tool call. `input` is the arguments object exactly as the model sent it (unvalidated).
   * Resolves to exactly the JSON the spec says the model receives, tool-level errors included; it
   * rejects only on a bug, never for bad input or a failed read.
   */
  call(input: unknown): Promise<Output>;
  /** Whether an output of `call` is a tool-level error (for MCP `isError` and the CLI). */
  isError(output: Output): boolean;
  /** A short human-readable rendering of an output (for MCP text content and `read-tool PATH`). */
  render(output: Output): string;
}

/** What a tool asks a person before it reads a path its policy leaves pending. */
export interface PermissionRequest {
  readonly tool: string;
  /** The path exactly as the model asked for it. */
  readonly requestedPath: string;
  /** The absolute path it resolves to, symlinks followed. */
  readonly resolvedPath: string;
  readonly operation: "read";
}

/**
 * Answers a {@link PermissionRequest}. Awaited before any byte of the file is read; asked again on every
 * pending call. A rejection or a cancelled prompt counts as `"deny"`.
 */
export type PermissionRequester = (request: PermissionRequest) => Promise<"allow" | "deny">;

/** Options every profile's `createTool` accepts, besides its own config table. */
export interface BaseToolOptions {
  /** The workspace directory; canonicalised once when the tool is created. */
  readonly root: string;
  /** Decides reads a profile's policy leaves pending; profiles without such reads ignore it. */
  readonly requester?: PermissionRequester;
}

/**
 * A profile package's descriptor, exported as `profile` from its main entry. The CLI and the harness
 * find a profile's config table, validate it and create the tool through this, never by name.
 */
export interface ProfileModule<Options extends object = object, Output = unknown> {
  /** The profile's name as used by `--profile` and `profile = "..."` in `read.config.toml`. */
  readonly name: string;
  /** Where the profile's options live in `read.config.toml`, as a dotted path of table names. */
  readonly configTable: readonly string[];
  /** A strict schema of the profile's config table; unknown keys and wrong types are errors. */
  readonly configSchema: z.ZodType<Options>;
  createTool(options: BaseToolOptions & Partial<Options>): ReadTool<Output>;
}
