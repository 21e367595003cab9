/**
 * The largest file `read_file` reads, in bytes: 1 MiB (spec 002 §3.2, §4.3). A file of exactly this size
 * is read; one byte more is `SIZE_LIMIT_EXCEEDED`. Fixed by the spec, so not configurable; implementation
 * and tests both use this constant.
 */
export const SIZE_LIMIT_BYTES = 1_048_576;
