/**
 * The leading chunk searched for a NUL byte (spec 002 §5: "先頭チャンク"): a NUL within the first 8192
 * bytes makes the file `BINARY_NOT_SUPPORTED`; a NUL after them is returned as text (U+0000).
 */
export const BINARY_SNIFF_BYTES = 8192;
