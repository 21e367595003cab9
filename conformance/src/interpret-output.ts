import { isDeepStrictEqual } from "node:util";
import type { Mask, Oracle } from "./oracle.js";
import { outputField, withOutputField } from "./output-field.js";

/** Reads a tool's output the way its oracle says: error or not, code, content, next page, masks. */
export interface OutputReader {
  isError(output: unknown): boolean;
  /** The error code, or `null` when the profile's errors carry none. */
  errorCode(output: unknown): string | null;
  /** The returned text; throws when the field is missing or not a string. */
  content(output: unknown): string;
  /** The start line of the next page, or `null` when there is none. */
  continuation(output: unknown): number | null;
  /** The output with its time fields masked. */
  masked(output: unknown): unknown;
  /** Whether every listed field holds its value. */
  flagsHold(output: unknown, flags: readonly { readonly field: string; readonly equals: unknown }[]): boolean;
}

/** Builds the {@link OutputReader} of an oracle. */
export function interpretOutput(oracle: Oracle): OutputReader {
  const { output } = oracle;
  const isError = (value: unknown): boolean => {
    const found = outputField(value, output.error.field);
    return "present" in output.error ? found !== undefined : isDeepStrictEqual(found, output.error.equals);
  };
  return {
    isError,
    errorCode(value) {
      const spec = output.code;
      if (spec === null) return null;
      if (typeof spec === "string") {
        const code = outputField(value, spec);
        return typeof code === "string" ? code : null;
      }
      const text = outputField(value, spec.field);
      return typeof text === "string" ? (new RegExp(spec.pattern, "u").exec(text)?.[1] ?? null) : null;
    },
    content(value) {
      const content = outputField(value, output.content);
      if (typeof content !== "string") {
        throw new Error(`the output has no string at '${output.content}': ${JSON.stringify(value)}`);
      }
      return content;
    },
    continuation(value) {
      const spec = output.continuation;
      if (spec === null) return null;
      const found = outputField(value, spec.field);
      if ("pattern" in spec) {
        if (typeof found !== "string") return null;
        const match = new RegExp(spec.pattern, "u").exec(found);
        return match?.[1] === undefined ? null : Number(match[1]);
      }
      if (found === null || found === undefined) return null;
      if (typeof found !== "number" || !Number.isInteger(found)) {
        throw new Error(`'${spec.field}' is neither null nor an integer: ${JSON.stringify(found)}`);
      }
      return found;
    },
    masked: (value) => applyMasks(value, output.masks),
    flagsHold: (value, flags) => flags.every((flag) => isDeepStrictEqual(outputField(value, flag.field), flag.equals)),
  };
}

/** Applies time masks to an output: fields set to a fixed value, patterns in string fields rewritten. */
export function applyMasks(output: unknown, masks: readonly Mask[]): unknown {
  let masked = output;
  for (const mask of masks) {
    masked = withOutputField(masked, mask.field, (value) => {
      if ("set" in mask) return mask.set;
      return typeof value === "string" ? value.replace(new RegExp(mask.pattern, "gu"), mask.replace) : value;
    });
  }
  return masked;
}
