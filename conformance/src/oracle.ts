import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { z } from "zod";
import { adversarialBehaviourSchema } from "./adversarial/adversarial-behaviour.js";

const field = z
  .string()
  .regex(/^[A-Za-z_$][\w$]*(\.[A-Za-z_$][\w$]*)*$/)
  .describe("A dotted path to a field of the tool's output, such as `data.content`.");

const fieldEquals = z.strictObject({ field, equals: z.json().describe("The exact JSON value the field holds.") });

/**
 * What a call must produce. `error`: a tool-level error with this code (`null`: the profile's errors
 * carry no code, any error counts). `empty`: no error, empty content, no continuation, and these fields
 * holding these values. `content`: no error, and the text the profile returns for the file's first
 * window (its default window, or the whole file).
 */
export const outcomeSchema = z
  .union([
    z.strictObject({ error: z.string().nullable().describe("The error code (`null`: the profile's errors carry no code).") }),
    z.strictObject({ empty: z.literal(true), flags: z.array(fieldEquals).default([]).describe("Fields that must hold these values as well.") }),
    z.strictObject({ content: z.literal(true) }),
  ])
  .describe("An error with a code; an empty window (no error, empty content, no next page); or the file's first window.");
export type Outcome = z.infer<typeof outcomeSchema>;

/** A rewrite applied before outputs are compared: a field set to a value, or a pattern in a string field. */
export const maskSchema = z
  .union([z.strictObject({ field, set: z.json() }), z.strictObject({ field, pattern: z.string().describe("A regular expression (JavaScript, `u` flag, every match)."), replace: z.string() })])
  .describe("A time field set to a fixed value, or a pattern in a string field rewritten.");
export type Mask = z.infer<typeof maskSchema>;

/**
 * A profile's oracle: everything the suite needs to know to judge a `read-tool call`-compatible
 * implementation, as data. The suite never branches on a profile's name; it reads these declarations.
 * An outside implementation writes one of these files for itself.
 */
export const oracleSchema = z
  .strictObject({
    $schema: z.string().optional(),
    $comment: z.string().optional(),
    profile: z.string().min(1).describe("Passed as `--profile`; picks the requirement rows (`profile` in requirements.json) and the golden cases (`fixtures/golden/<profile>/`)."),
    module: z
      .string()
      .optional()
      .describe(
        "The profile module the in-process adapter loads (`loadProfile` of @read/profiles): a registered profile's package, or a path relative to this oracle to a module exporting a `profile` made with defineProfile; absent for an implementation reached only through its command.",
      ),
    tool: z.string().min(1).describe("The tool's name."),
    aliases: z.array(z.string()).default([]).describe("Other names that must reach the same tool (`--tool`)."),
    configTable: z.array(z.string()).min(1).describe("The TOML table, as table names, that holds the profile's options in the `--config` file."),
    workspaceConfig: z
      .strictObject({
        file: z.string().min(1).describe("The file's path relative to the root (`read.config.toml`)."),
      })
      .optional()
      .describe(
        "Where a workspace holds its own configuration, untrusted (the workspace is the attacker's): it may only tighten what the user's own configuration (the call's options) sets. Golden cases with `workspaceConfig` write it there, in `configTable`. Absent: the implementation reads no configuration of the workspace's own, and those cases do not apply.",
      ),
    permissionModes: z
      .array(z.enum(["allow", "deny"]))
      .default([])
      .describe("For a tool that asks a person before some reads: the answers the suite gives (`--permission`); properties draw one per run."),
    request: z
      .strictObject({
        path: z.string().describe("The path parameter."),
        start: z.string().nullable().describe("The 1-based start line parameter (`null`: none)."),
        count: z.string().nullable().describe("The parameter for how many lines (`null`: none)."),
        end: z.string().nullable().default(null).describe("The inclusive 1-based end line parameter, given with the start line (`null`: none)."),
        head: z.string().nullable().default(null).describe("The parameter for the first N lines (`null`: none)."),
        tail: z.string().nullable().default(null).describe("The parameter for the last N lines (`null`: none)."),
        numbers: z
          .string()
          .nullable()
          .default(null)
          .describe("The boolean parameter that turns line numbers on (`true`) and off (`false`) (`null`: none; the output is always as `output.numbers` says)."),
        fixed: z.record(z.string(), z.json()).default({}).describe("Added to every input the suite builds."),
      })
      .describe("The names of the input parameters."),
    window: z.strictObject({
      defaultCount: z.number().int().positive().nullable().describe("Lines a request without a count returns (`null`: the whole file)."),
      maxCount: z.number().int().positive().nullable().describe("The largest count accepted (`null`: no upper bound)."),
    }),
    output: z
      .strictObject({
        error: z.union([fieldEquals, z.strictObject({ field, present: z.literal(true) })]).describe("How an error output is recognised: a field holding a value, or a field being present."),
        code: z
          .union([field, z.strictObject({ field, pattern: z.string().describe("A regular expression (JavaScript, `u` flag) whose first group is the code.") })])
          .nullable()
          .describe("Where an error's code is: a field, or a pattern in a field (a message that starts with its category); `null`: errors carry only a message."),
        content: field.describe("The field holding the returned text (or a binary payload)."),
        numbers: z
          .strictObject({
            width: z.union([z.number().int().positive(), z.literal("widest")]).describe("The width numbers are right-aligned to, or `widest`: the widest number on the page."),
            separator: z.string().describe("What follows the number, such as ` | `."),
          })
          .nullable()
          .describe("Line-number prefixes (`null`: none)."),
        finalNewline: z
          .enum(["always", "as-file", "separator", "none"])
          .describe(
            "`always`: every returned line ends in `\\n`; `as-file`: the last line ends as it does in the file; `separator`: the text is split on `\\n` (a final newline starts a last, empty line) and the returned lines are joined with `\\n`, none after the last; `none`: each line is returned without its terminator (a final newline starts no line), the lines joined with `\\n`, none after the last.",
          ),
        lineBreaks: z
          .enum(["lf", "universal"])
          .default("lf")
          .describe("`lf`: a line ends at `\\n` (`\\r\\n` is one terminator, a lone `\\r` is text); `universal`: an `\\n`, an `\\r\\n` or a lone `\\r` ends a line, as Python's text mode reads a file."),
        bom: z.enum(["keep", "strip"]).default("keep").describe("`keep`: a leading UTF-8 byte order mark is returned as U+FEFF; `strip`: it is dropped from the text (and makes no line of its own)."),
        crlf: z.enum(["fold", "preserve"]).describe("`fold`: a CRLF is returned as `\\n`; `preserve`: terminators are returned as the file has them."),
        unnumbered: z
          .strictObject({
            crlf: z.enum(["fold", "preserve"]).describe("How the view without numbers returns a CRLF."),
          })
          .nullable()
          .default(null)
          .describe("How the view without line numbers (`request.numbers` set to `false`) differs, besides having no numbers (`null`: it folds CRLF as `crlf` says)."),
        continuation: z
          .union([z.strictObject({ field }), z.strictObject({ field, pattern: z.string().describe("A regular expression whose first group is the next start line.") })])
          .nullable()
          .describe("Where the next page's start line is: a field (`null` or absent: no next page), or a pattern in a string field (`null`: the tool never pages)."),
        path: z.strictObject({ field, form: z.enum(["relative", "absolute"]) }).nullable().describe("The field echoing the path that was read, and its form (`null`: none)."),
        masks: z.array(maskSchema).default([]).describe("Time fields, masked before outputs are compared."),
        text: z
          .union([
            z.literal("json"),
            z.strictObject({
              fieldsLine: z.literal(true),
              field: z.string().regex(/^[A-Za-z_$][\w$]*$/u).describe("A top-level field of the output, holding a string."),
              imageData: field
                .optional()
                .describe("The field of an image's base64 data (issue 33): an output whose text block leaves it out has it in the answer's `image` block (its `data`), which must follow."),
            }),
          ])
          .default("json")
          .describe(
            "How an MCP answer's first text block carries the output, checked against its `structuredContent` on every call: `json`, the output serialised as JSON; `{fieldsLine: true, field}`, the output's other fields as one line of JSON, then `field` (a string) unescaped from the second line on (and, with `imageData`, an image's data in an `image` block).",
          ),
      })
      .describe("Where things are in the output."),
    behaviour: z
      .strictObject({
        startZero: outcomeSchema.nullable().describe("Start line 0 (`null`: no start parameter)."),
        pastEnd: outcomeSchema.nullable().describe("A start line past the last line; on an empty file, past line 1 (`null`: no start parameter)."),
        countOutOfRange: outcomeSchema.nullable().describe("A count of 0, -1 and `maxCount + 1` (`null`: no count parameter)."),
        invalidUtf8: z
          .union([
            z.strictObject({
              replace: z.literal(true),
              flags: z.array(fieldEquals),
              scope: z
                .enum(["window", "file"])
                .default("window")
                .describe("`window`: the flags are set when the lines returned held invalid bytes; `file`: on every page of a file with invalid bytes anywhere."),
            }),
            z.strictObject({ error: z.string().nullable() }),
            z.strictObject({
              detect: z.literal(true),
              field: field.describe("The field naming the encoding the file was decoded from."),
            }),
          ])
          .describe(
            "Invalid UTF-8 without a NUL byte: each maximal invalid subpart replaced by U+FFFD (with these fields set), an error, or (`detect`) the file decoded in a detected legacy encoding that a field names: every line shown, the text depending on the encoding.",
          ),
        binary: z.strictObject({
          sniffBytes: z.number().int().positive().nullable().describe("A NUL byte within the first this many bytes makes a file binary (`null`: anywhere in the file)."),
          outcome: z
            .union([
              z.strictObject({ error: z.string().nullable() }),
              z.strictObject({ payload: z.strictObject({ encoding: z.literal("base64"), flags: z.array(fieldEquals) }) }),
            ])
            .describe("An error, or the file's bytes in the content field (base64) with these fields set."),
        }),
        notFound: outcomeSchema.describe("A missing file, a file in a missing directory, a dangling symlink (when `finalSymlink` is `null`)."),
        finalSymlink: outcomeSchema
          .nullable()
          .default(null)
          .describe("A path whose last component is a symlink, wherever it points (inside, outside, nowhere, a loop): `null` when the profile follows it as the kernel does."),
        outsideRoot: outcomeSchema.describe("A path resolving outside the root, when the permission answer is `deny` (or there is none)."),
        outsideRootAllowed: outcomeSchema.nullable().describe("The same when the answer is `allow` (only with `permissionModes`)."),
        directory: outcomeSchema,
        fifo: outcomeSchema,
        socket: outcomeSchema,
        device: outcomeSchema,
        sizeLimit: z
          .strictObject({
            bytes: z.number().int().positive().describe("The largest size read; one byte more is refused."),
            outcome: outcomeSchema,
            wholeFileOnly: z.boolean().describe("Only a read without a window is limited (a window of a larger file still works)."),
            option: z
              .string()
              .optional()
              .describe("The option (config key) that sets the limit: the suite checks the limit at a small value it sets, where `bytes` is too large to write."),
          })
          .nullable()
          .describe("The size limit (`null`: none)."),
      })
      .describe("The outcome of each edge case."),
    answerBounds: z
      .strictObject({
        lines: z.number().int().positive().describe("The most lines of the file one answer shows: a larger count is served up to it, the continuation at the line after them."),
        contentBytes: z
          .number()
          .int()
          .positive()
          .describe("The most bytes the content holds once JSON-escaped (as it travels in the answer): a page stops on a whole line before it, followed by a notice (a content line that starts with no digit), the continuation at the next line."),
      })
      .optional()
      .describe("For a tool that bounds each answer and pages on past the bound (rather than refusing a large count or file): the bounds at its defaults. Absent: the answer-bounds check does not apply."),
    tokenBudget: z
      .strictObject({
        parameter: z.string().min(1).describe("The parameter holding the budget, in estimated tokens of the content."),
        noticeAllowance: z
          .number()
          .int()
          .nonnegative()
          .describe("The tokens a page keeps free for the notice that ends it: a page holds every whole line that fits the budget less this, and stops before the first that does not."),
        column: z.string().min(1).describe("The parameter that starts the start line at a character (1-based), as a continuation asks for the rest of a cut line."),
        nextColumn: field.describe("Where the continuation's column is (absent or `null`: the next page starts at the start of a line)."),
      })
      .optional()
      .describe(
        "For a tool with a token budget estimated by the safe-side prices of docs/specs/agent.md AGENT-TOK-02 (the harness's own reference estimate): how to ask for it and continue. Absent: the token checks do not apply.",
      ),
    adversarial: adversarialBehaviourSchema(outcomeSchema, field).optional(),
    definition: z
      .strictObject({
        name: z.string().min(1).optional().describe("The tool's name exactly."),
        description: z.string().optional().describe("Its description exactly."),
        parameters: z.json().optional().describe("Its parameters (the input JSON Schema) exactly, key order included."),
      })
      .optional()
      .describe(
        "The tool's definition as the spec fixes it, compared with what the implementation publishes (in-process, the JSONL `definition` request, MCP `tools/list`); only the keys given are compared. Absent: the spec fixes none.",
      ),
    proves: z
      .record(z.string(), z.array(z.string()))
      .default({})
      .describe("The profile's own requirement IDs that each check of the suite proves, by check ID."),
  })
  .describe("What the read-tool conformance suite expects of one implementation.");

export type Oracle = z.infer<typeof oracleSchema>;

/** Loads and validates an oracle file; throws with the file name and the reason when it is malformed. */
export function loadOracle(file: string | URL): Oracle {
  const parsed = oracleSchema.safeParse(JSON.parse(fs.readFileSync(file, "utf8")));
  if (!parsed.success) throw new Error(`${String(file)}: ${z.prettifyError(parsed.error)}`);
  const { module } = parsed.data;
  // A module path is written relative to the oracle, wherever the harness runs from.
  if (module !== undefined && module.startsWith(".")) return { ...parsed.data, module: path.resolve(path.dirname(file instanceof URL ? fileURLToPath(file) : file), module) };
  return parsed.data;
}
