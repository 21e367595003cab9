import { z } from "zod";
import { findLoosenings, type Tightening } from "./config-tightening.js";
import { escapeText, quoteText } from "./escape-text.js";
import { ProfileConfigError } from "./profile-config-error.js";
import { DEFAULT_SECRET_SCANNER } from "./default-secret-scanner.js";
import type { SecretScanner } from "./secret-scanner.js";
import { DEFAULT_SENSITIVE_RULES, type SensitiveRule } from "./sensitive-rules.js";
import type { JsonSchema, ModelPart, PermissionRequester, ProfileModule, ReadTool, SecretsOption, ToolDefinition, ToolOptions } from "./tool-contract.js";
import { createWorkspace, type Workspace } from "./workspace.js";

/** What a profile's `setup` is given: the workspace, the validated config and the secrets policy. */
export interface ProfileContext<Config> {
  /** The workspace root, canonicalised once. */
  readonly workspace: Workspace;
  /** The config table, validated, defaults applied (its `secrets` key included). */
  readonly config: Config & SecretsOption;
  /** The secrets policy's rules: empty when `secrets` is off. Pass them to core's reads (`sensitive`). */
  readonly sensitive: readonly SensitiveRule[];
  /**
   * The secrets policy's content check: `undefined` when `secrets` is off. Pass it to core's reads
   * (`redact`) or, for text read otherwise, to `redactTextSteps`.
   */
  readonly redact: SecretScanner | undefined;
  /** Decides reads the profile leaves pending (only profiles that ask use it). */
  readonly requester: PermissionRequester | undefined;
  /** The error to throw for an option that passed the schema but cannot be used (a `cwd` outside the root). */
  configError(key: string, reason: string): ProfileConfigError;
}

/** What `call` of a profile's tool is given besides the input. */
export interface ProfileCallContext {
  /** Aborts the call (see {@link CallOptions}). */
  readonly signal: AbortSignal | undefined;
}

/** The tool a profile's `setup` builds for one workspace and config. */
export interface ProfileTool<Output> {
  /** The tool's name as its spec fixes it. */
  readonly name: string;
  /** Other names that resolve to the tool. */
  readonly aliases?: readonly string[];
  readonly definition: ToolDefinition;
  /**
   * One call: the input exactly as the model sent it, the output exactly as the spec says the model
   * receives it. It may throw: `defineProfile` turns an unexpected exception into `internalError`.
   */
  call(input: unknown, context: ProfileCallContext): Output | Promise<Output>;
  /** The spec's internal error for a call that failed unexpectedly (`reason` is one escaped sentence). */
  internalError(reason: string, input: unknown): Output;
}

/** What a profile package declares; {@link defineProfile} turns it into its {@link ProfileModule}. */
export interface ProfileDefinition<Schema extends z.ZodObject, Output extends object> {
  /** The profile's name (`--profile`, `profile = "..."`). */
  readonly name: string;
  /** Where its options live in `read.config.toml`, as a path of table names (`["tools", "read_file"]`). */
  readonly configTable: readonly string[];
  /** The config table's keys, each with its default. Unknown keys are refused, whatever the schema says. */
  readonly configSchema: Schema;
  /**
   * The default of the `secrets` key every table has (`defineProfile` adds it): whether paths the
   * sensitive rules match are refused unless the config says otherwise.
   */
  readonly secrets: boolean;
  /**
   * How each key may be changed by a layer the user does not trust (the workspace's own
   * `read.config.toml`): lowered, turned on, or added to ({@link Tightening}). A key left out protects
   * nothing such a layer may change, so only the trusted value is accepted there. `secrets` is `"on"`.
   */
  readonly tightening?: { readonly [Key in keyof z.output<Schema>]?: Tightening };
  /** Every output of `call`, errors included; published as the tool's `outputSchema` in normal form. */
  readonly outputSchema: z.ZodType<Output>;
  /** Whether an output is a tool-level error. */
  isError(output: NoInfer<Output>): boolean;
  /** A short human-readable rendering of an output. */
  render(output: NoInfer<Output>): string;
  /**
   * The output as a model receives it, where the profile gives a form of its own ({@link ReadTool.modelContent});
   * left out, the model receives the output serialised as JSON.
   */
  readonly modelContent?: (output: NoInfer<Output>) => readonly ModelPart[];
  /** Builds the tool for one workspace and config; may throw {@link ProfileConfigError} for a bad option. */
  setup(context: ProfileContext<z.output<Schema>>): ProfileTool<NoInfer<Output>>;
}

const BASE_OPTIONS = new Set(["root", "requester", "sensitive", "secretScanner"]);

/**
 * Builds a profile package's `profile` from its parts, the way every profile is made: it owns what all
 * profiles share so that a profile is only its input schema, its window request, its output mapping and
 * its failure map.
 *
 * - Config validation: the table is parsed strictly; any problem is one {@link ProfileConfigError} that
 *   names the key, the reason and the accepted keys, in one format for every profile.
 * - The secrets policy: every table has a `secrets` key (default: the definition's `secrets`); when it is
 *   on, `setup` gets the sensitive rules (`sensitive`, `DEFAULT_SENSITIVE_RULES` unless the caller gave
 *   others) to pass to core's reads, and the content check (`redact`, `DEFAULT_SECRET_SCANNER` unless the
 *   caller gave another) that redacts the secrets in what a call returns.
 * - The workspace root is canonicalised once (an empty root, or one that is not a directory, is a
 *   `ProfileConfigError` for the key `root`: an empty root never means the current directory).
 * - Every call is wrapped: an unexpected exception becomes the profile's own internal error; an aborted
 *   call rejects with the signal's reason instead.
 * - The output schema is published in one normal form ({@link toOutputJsonSchema}).
 */
export function defineProfile<Schema extends z.ZodObject, Output extends object>(
  definition: ProfileDefinition<Schema, Output>,
): ProfileModule<TableOf<Schema>, Output> {
  type Config = z.output<Schema> & SecretsOption;
  if (typeof definition.secrets !== "boolean") throw new TypeError(`defineProfile(${definition.name}): 'secrets' must say whether the secrets policy is on by default (true or false)`);
  const table = definition.configTable.join(".");
  const strict = definition.configSchema.extend({ secrets: z.boolean().default(definition.secrets) }).strict();
  const configKeys = Object.keys(strict.shape);
  const outputSchema = toOutputJsonSchema(definition.outputSchema);

  const tightening: Record<string, Tightening> = { ...(definition.tightening as Record<string, Tightening> | undefined), secrets: "on" };
  const configError = (key: string, reason: string) => new ProfileConfigError({ profile: definition.name, table, key, reason, accepted: configKeys });

  const parseConfig = (value: unknown): Config => {
    if (typeof value !== "object" || value === null || Array.isArray(value)) throw configError("", `expected a table of options, got ${describe(value)}`);
    const parsed = strict.safeParse(value);
    if (parsed.success) return parsed.data as Config;
    const issue = parsed.error.issues[0];
    if (issue === undefined) throw configError("", "invalid options");
    if (issue.code === "unrecognized_keys") {
      // A table may hold thousands of unknown keys: the message names the first few.
      const named = issue.keys.length > 8 ? `${issue.keys.slice(0, 8).join(", ")} and ${issue.keys.length - 8} more` : issue.keys.join(", ");
      throw configError(named, issue.keys.length === 1 ? "unknown key" : "unknown keys");
    }
    throw configError(issue.path.map(String).join("."), reasonOf(issue, valueAt(value, issue.path)));
  };

  const createTool = (options: ToolOptions<TableOf<Schema>>): ReadTool<Output> => {
    const own: Record<string, unknown> = {};
    for (const [key, value] of Object.entries(options)) if (!BASE_OPTIONS.has(key)) own[key] = value;
    const config = parseConfig(own);
    const opened = createWorkspace(options.root);
    if (!opened.ok) throw new ProfileConfigError({ profile: definition.name, table, key: "root", reason: opened.failure.message, accepted: configKeys });
    const sensitive = config.secrets ? (options.sensitive ?? DEFAULT_SENSITIVE_RULES) : [];
    const redact = config.secrets ? (options.secretScanner ?? DEFAULT_SECRET_SCANNER) : undefined;
    const tool = definition.setup({ workspace: opened.value, config, sensitive, redact, requester: options.requester, configError });
    return {
      name: tool.name,
      aliases: tool.aliases ?? [],
      definition: tool.definition,
      outputSchema,
      async call(input, callOptions = {}) {
        const { signal } = callOptions;
        signal?.throwIfAborted();
        try {
          return await tool.call(input, { signal });
        } catch (error) {
          if (signal?.aborted === true) throw signal.reason;
          return tool.internalError(unexpected(error), input);
        }
      },
      isError: definition.isError,
      ...(definition.modelContent === undefined ? {} : { modelContent: definition.modelContent }),
      render: definition.render,
    };
  };

  return {
    name: definition.name,
    configTable: definition.configTable,
    configSchema: strict,
    configKeys,
    parseConfig,
    loosenings: (trusted, layered, keys) => findLoosenings(tightening, trusted as Record<string, unknown>, layered as Record<string, unknown>, keys),
    createTool,
  };
}

// The options a table's schema gives (a table without keys gives none, not an index signature).
type TableOf<Schema extends z.ZodObject> = string extends keyof z.output<Schema> ? object : z.output<Schema>;

/**
 * The one normal form of an output schema: JSON Schema with an object at the top (`type: "object"`, the
 * variants of a union under `anyOf`), without `$schema`, which some agent APIs refuse. MCP requires the
 * top-level object type of a tool's `outputSchema`.
 */
export function toOutputJsonSchema(schema: z.ZodType): JsonSchema {
  const known = normalForms.get(schema);
  if (known !== undefined) return known;
  const { $schema: _, ...generated } = z.toJSONSchema(schema) as Record<string, unknown>;
  const variants = generated.anyOf ?? generated.oneOf;
  let normal: JsonSchema;
  if (Array.isArray(variants)) {
    const { anyOf: _a, oneOf: _o, ...rest } = generated;
    normal = { type: "object", ...rest, anyOf: variants };
  } else {
    normal = { ...generated, type: "object" };
  }
  normalForms.set(schema, normal);
  return normal;
}

// One normal form per schema, so a profile's exported `outputSchema` is the very object its tools carry.
const normalForms = new WeakMap<z.ZodType, JsonSchema>();

function reasonOf(issue: z.core.$ZodIssue, value: unknown): string {
  const got = value === undefined ? "" : `, got ${describe(value)}`;
  switch (issue.code) {
    case "invalid_type":
      return `expected ${article(issue.expected)}${got}`;
    case "too_small":
      return `expected ${measure(issue.origin)}${issue.inclusive === false ? "more than" : "at least"} ${String(issue.minimum)}${got}`;
    case "too_big":
      return `expected ${measure(issue.origin)}${issue.inclusive === false ? "less than" : "at most"} ${String(issue.maximum)}${got}`;
    case "custom":
      return lowerFirst(issue.message);
    default:
      return `${lowerFirst(issue.message)}${got}`;
  }
}

// A bound on a number is on its value; on a string or an array, on its length.
function measure(origin: string): string {
  return origin === "number" || origin === "int" || origin === "bigint" ? "" : `${origin} length `;
}

function article(expected: string): string {
  switch (expected) {
    case "int":
      return "an integer";
    case "array":
    case "object":
      return `an ${expected}`;
    default:
      return `a ${expected}`;
  }
}

function lowerFirst(text: string): string {
  return text.charAt(0).toLowerCase() + text.slice(1);
}

function valueAt(value: unknown, path: readonly PropertyKey[]): unknown {
  let current = value;
  for (const key of path) {
    if (typeof current !== "object" || current === null) return undefined;
    current = (current as Record<PropertyKey, unknown>)[key];
  }
  return current;
}

function describe(value: unknown): string {
  if (typeof value === "string") return quoteText(value.length > 60 ? `${value.slice(0, 60)}...` : value, '"');
  if (typeof value === "number" || typeof value === "boolean" || value === null) return String(value);
  if (value instanceof Date) return "a date";
  if (Array.isArray(value)) return "an array";
  return typeof value === "object" ? "a table" : `a ${typeof value}`;
}

function unexpected(error: unknown): string {
  return escapeText(error instanceof Error ? error.message : String(error));
}
