import type sharpFunction from "sharp";

/** The `sharp` function, as the optional dependency exports it. */
export type Sharp = typeof sharpFunction;

/** Why the image library could not be loaded: one sentence, for the error a model receives. */
export interface SharpMissing {
  readonly missing: string;
}

let loading: Promise<Sharp | SharpMissing> | undefined;

/**
 * Loads `sharp` (an optional dependency: a prebuilt native module) once, on the first image that needs
 * downscaling; an image sent unchanged never loads it. When it is not installed or its native part does not
 * load on this platform, every later call gets the same {@link SharpMissing}, and only images within the
 * limits are answered.
 */
export function loadSharp(): Promise<Sharp | SharpMissing> {
  loading ??= import("sharp").then(
    (module) => module.default,
    (error: unknown) => ({ missing: reasonOf(error) }),
  );
  return loading;
}

function reasonOf(error: unknown): string {
  const code = (error as { code?: unknown } | null)?.code;
  if (code === "ERR_MODULE_NOT_FOUND" || code === "MODULE_NOT_FOUND") return "the optional image library sharp is not installed";
  return "the optional image library sharp is installed but does not load on this platform";
}
