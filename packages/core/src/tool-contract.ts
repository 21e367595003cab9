import type { Loosening } from "./config-tightening.js";
import type { z } from "zod";
import type { SecretScanner } from "./secret-scanner.js";
import type { SensitiveRule } from "./sensitive-rules.js";

/** A JSON Schema object, as tool definitions carry it. */
export type JsonSchema = { readonly [key: string]: unknown };

/** The tool definition a model sees: the shape every agent API takes (name, description, JSON Schema). */
export interface ToolDefinition {
  readonly name: string;
  readonly description: string;
  readonly parameters: JsonSchema;
}

/**
 * One part of what a model receives for a call's output: text, or an image as base64 bytes with its MIME
 * type. MCP content blocks, AI SDK tool-result parts and the Anthropic and OpenAI tool results are made
 * from these.
 */
export type ModelPart =
  | { readonly type: "text"; readonly text: string }
  | { readonly type: "image"; readonly data: string; readonly mimeType: string };

/** Per-call options of {@link ReadTool.call}. */
export interface CallOptions {
  /**
   * Aborts the call: it then rejects with the signal's reason (an `AbortError` `DOMException` unless the
   * caller gave another), promptly, with every descriptor it opened closed.
   */
  readonly signal?: AbortSignal | undefined;
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
  /**
   * JSON Schema of every output `call` can resolve to, errors included, in one normal form: an object
   * schema at the top (`type: "object"`, the variants under `anyOf`), without `$schema`.
   */
  readonly outputSchema: JsonSchema;
  /**
   * Runs one tool call. `input` is the arguments object exactly as the model sent it (unvalidated).
   * Resolves to exactly the JSON the spec says the model receives, tool-level errors included (an
   * unexpected exception becomes the spec's internal error); it rejects only when `options.signal`
   * aborts it.
   */
  call(input: unknown, options?: CallOptions): Promise<Output>;
  /** Whether an output of `call` is a tool-level error (for MCP `isError` and the CLI). */
  isError(output: Output): boolean;
  /**
   * An output as a model receives it, where the profile gives a form of its own: the MCP answer's content
   * blocks, the AI SDK's model output, the Anthropic and OpenAI tool results are made from it, and its text
   * carries every field of the output. Absent, the model receives the output serialised as JSON (the four
   * spec profiles: what their specs say the model receives).
   */
  modelContent?(output: Output): readonly ModelPart[];
  /** A short human-readable rendering of an output (for people: `read-tool`, logs). */
  render(output: Output): string;
}

/** What a tool asks a person before it reads a path its policy leaves pending. */
export interface PermissionRequest {
  readonly tool: string;
  /** The path exactly as the model asked for it. */
  readonly requestedPath: string;
  /** The absolute path it resolves to, symlinks followed: shown to the person, never to the model. */
  readonly resolvedPath: string;
  readonly operation: "read";
}

/**
 * Answers a {@link PermissionRequest}. Awaited before any byte of the file is read; asked again on every
 * pending call. A rejection or a cancelled prompt counts as `"deny"`. `"unavailable"` says that no person
 * could be asked (no terminal, an MCP client without elicitation): the read is refused as when there is
 * no requester at all, and the message says that approval was needed, not that someone denied it.
 */
export type PermissionRequester = (request: PermissionRequest) => Promise<"allow" | "deny" | "unavailable">;

/** Options every profile's `createTool` accepts, besides its own config table. */
export interface BaseToolOptions {
  /** The workspace directory; canonicalised once when the tool is created. It must not be empty. */
  readonly root: string;
  /** Decides reads a profile's policy leaves pending; profiles without such reads ignore it. */
  readonly requester?: PermissionRequester;
  /**
   * The rules of the secrets policy when it is on (the `secrets` key of every profile's table; each
   * profile has its own default): `DEFAULT_SENSITIVE_RULES` unless given. Pass
   * `[...DEFAULT_SENSITIVE_RULES, mine]` to extend them.
   */
  readonly sensitive?: readonly SensitiveRule[];
  /**
   * The secrets policy's content check, used while `secrets` is on: every secret it finds in the text a
   * call returns is replaced by `[REDACTED kind]`. `DEFAULT_SECRET_SCANNER` unless given.
   */
  readonly secretScanner?: SecretScanner;
}

/** The key every profile's config table has: refuse secrets (`.env`, private keys, credentials) or not. */
export interface SecretsOption {
  /**
   * Refuse paths the sensitive rules match, as asked or resolved (a hard link to one included), with the
   * profile's access-denied error, and redact the secrets found in the text a call returns.
   */
  readonly secrets: boolean;
}

/**
 * What `createTool` of a profile with config table `Options` takes: the base options, `secrets`, and any of
 * the table's keys.
 */
export type ToolOptions<Options extends object> = BaseToolOptions & Partial<SecretsOption> & Partial<Options>;

/**
 * A profile package's descriptor, exported as `profile` from its main entry and built with
 * `defineProfile`. The CLI, the MCP server, the adapters and the harness find a profile's config table,
 * validate it and create the tool through this, never by name.
 */
export interface ProfileModule<Options extends object = object, Output = unknown> {
  /** The profile's name as used by `--profile` and `profile = "..."` in `read.config.toml`. */
  readonly name: string;
  /** Where the profile's options live in `read.config.toml`, as a dotted path of table names. */
  readonly configTable: readonly string[];
  /**
   * The strict schema of the profile's config table, its `secrets` key included; unknown keys and wrong
   * types are errors. `parseConfig` is the typed way to use it.
   */
  readonly configSchema: z.ZodType;
  /** The keys the config table accepts, in schema order. */
  readonly configKeys: readonly string[];
  /**
   * Validates a config table (as TOML gives it), defaults applied.
   *
   * @throws ProfileConfigError naming the key, the reason and the accepted keys.
   */
  parseConfig(table: unknown): Options & SecretsOption;
  /**
   * The keys among `keys` that an untrusted layer (the workspace's own `read.config.toml`) set to protect
   * less than the trusted layers do: `trusted` is the table the user's own configuration gives and
   * `layered` that table with the untrusted layer's keys put over it, both validated by
   * {@link parseConfig}. Empty when the layer only tightens (turns a protection on, adds patterns, lowers a
   * limit) or repeats the trusted values.
   */
  loosenings(trusted: Options & SecretsOption, layered: Options & SecretsOption, keys: readonly string[]): readonly Loosening[];
  /**
   * Creates the tool on a workspace root with the profile's options.
   *
   * @throws ProfileConfigError for an unusable option, or a root that is empty or not a directory.
   */
  createTool(options: ToolOptions<Options>): ReadTool<Output>;
}
