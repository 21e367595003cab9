import { z } from "zod";

const count = (description: string) => z.int().min(1).optional().describe(description);

/** Most ranges one call may ask for. */
export const MAX_RANGES = 20;

/** `pages`: one page number (`"3"`) or a range (`"1-5"`), 1-based. */
export const PAGES_PATTERN = /^[1-9][0-9]{0,8}(-[1-9][0-9]{0,8})?$/;

/** One window of {@link inputSchema}'s `ranges`. */
export const rangeSchema = z.strictObject({
  start_line: z.int().min(1).describe("First line of the range, 1-based."),
  limit: z.int().min(1).optional().describe("Lines of the range (default: to the answer's bound)."),
});

/**
 * The arguments of `read` (AGENT-IN-01..08, AGENT-DOC-01), as the tool definition publishes them. The exclusive
 * combinations (AGENT-IN-09) are checked after this schema, by `parseInput`, so each error can name what
 * to drop.
 */
export const inputSchema = z.strictObject({
  path: z.string().describe("The file to read: relative to the workspace root, or absolute inside it."),
  start_line: count("First line to read, 1-based (default 1). Not with `tail` or `ranges`."),
  limit: count("Most lines to read (default and most: 2000). Not with `ranges`."),
  tail: count("Read the last N lines. Not with `start_line`, `column` or `ranges`."),
  column: count("1-based character of `start_line` where reading starts: for lines cut at 2000 characters, take it from `next.column`. Not with `tail` or `ranges`."),
  ranges: z.array(rangeSchema).min(1).max(MAX_RANGES).optional().describe(`Several windows in one answer (at most ${MAX_RANGES}), each {start_line, limit?}. Not with \`start_line\`, \`limit\`, \`tail\` or \`column\`.`),
  max_tokens: count("A budget for the tokens of `content` (estimated on the safe side): the answer stops on a whole line before it."),
  if_version: z.string().min(1).optional().describe("The `version` of an earlier answer: if the file's bytes are unchanged, the answer is only {path, version, unchanged: true}."),
  pages: z
    .string()
    .regex(PAGES_PATTERN)
    .optional()
    .describe("PDF files only: the pages to read, one (\"3\") or a range (\"1-5\"), at most 20 a call by default (default: from page 1). Not with `start_line`, `limit`, `tail`, `column` or `ranges`."),
});

/** Validated arguments of `read`. */
export type ReadInput = z.output<typeof inputSchema>;

/** The parameters of `read`, in schema order. */
export const INPUT_KEYS = Object.keys(inputSchema.shape) as readonly (keyof ReadInput)[];
