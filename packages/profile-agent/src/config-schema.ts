import { MAX_ANSWER_BYTES_CEILING } from "@read/core";
import { z } from "zod";

/**
 * The schema of `[agent]` in `read.config.toml`. Every key is a bound that a workspace's own config may
 * only lower (`tightening: "lower"`); raising one takes the user's own configuration. `defineProfile`
 * refuses unknown keys and wrong types, and adds `secrets` (on by default). The byte bounds that hold memory
 * (`max_content_bytes`, `max_decoded_bytes`, `max_image_bytes`, `max_image_file_bytes`, `max_document_bytes`)
 * are at most core's answer ceiling, 64 MiB, in any layer.
 *
 * | key                  | default   | meaning                                                                        |
 * | -------------------- | --------- | ------------------------------------------------------------------------------ |
 * | `max_lines`          | `2000`    | most lines one answer holds, and the default of `limit`                         |
 * | `max_content_bytes`  | `262144`  | most bytes of `content` once JSON-escaped (256 KiB)                              |
 * | `max_line_chars`     | `2000`    | most characters of one line an answer shows; the rest is read with `column`      |
 * | `max_decoded_bytes`  | `4194304` | largest file read in a legacy encoding or UTF-16 (decoded whole) |
 * | `max_scan_bytes`     | `67108864`| most bytes hashed and counted per call: a larger file has no `version` or `total_lines` |
 * | `max_image_bytes`    | `3932160` | most bytes of an image's base64 data (3.75 MiB): a larger image is downscaled      |
 * | `max_image_edge`     | `2000`    | most pixels of an image's longer edge: a larger image is downscaled              |
 * | `max_image_pixels`   | `50000000`| most pixels (width x height) of an image decoded to be downscaled: a larger one is refused |
 * | `max_image_file_bytes` | `33554432` | largest image file read (32 MiB): a larger one is refused with its dimensions |
 * | `max_document_bytes` | `33554432`| largest PDF or notebook read (32 MiB): its bytes are parsed whole, off the main thread |
 * | `max_pages`          | `20`      | most pages of a PDF one answer holds, and the default of `pages`                   |
 * | `document_timeout_ms`| `5000`    | most milliseconds a PDF or notebook's parse may take before it is stopped           |
 */
export const configSchema = z.object({
  max_lines: z.int().min(1).default(2000),
  max_content_bytes: z.int().min(1024).max(MAX_ANSWER_BYTES_CEILING).default(262144),
  max_line_chars: z.int().min(1).default(2000),
  max_decoded_bytes: z.int().min(1).max(MAX_ANSWER_BYTES_CEILING).default(4 * 1024 * 1024),
  max_scan_bytes: z.int().min(1).default(64 * 1024 * 1024),
  // Under the providers' 5 MB, and twice over (structured content and image block) within an MCP answer's 8 MiB.
  max_image_bytes: z.int().min(1024).max(MAX_ANSWER_BYTES_CEILING).default(3932160),
  max_image_edge: z.int().min(16).default(2000),
  max_image_pixels: z.int().min(1).default(50_000_000),
  max_image_file_bytes: z.int().min(1).max(MAX_ANSWER_BYTES_CEILING).default(32 * 1024 * 1024),
  max_document_bytes: z.int().min(1).max(MAX_ANSWER_BYTES_CEILING).default(32 * 1024 * 1024),
  max_pages: z.int().min(1).max(1000).default(20),
  document_timeout_ms: z.int().min(100).max(600_000).default(5_000),
});

/** The `[agent]` table once validated, defaults applied. */
export type AgentConfig = z.output<typeof configSchema>;
