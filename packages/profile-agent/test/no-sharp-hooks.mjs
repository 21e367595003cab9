// Module resolution hooks for a child process in which the optional dependency sharp is not installed:
// resolving it fails as Node fails for any missing package.
export async function resolve(specifier, context, next) {
  if (specifier === "sharp") {
    const error = new Error(`Cannot find package 'sharp' imported from ${context.parentURL}`);
    error.code = "ERR_MODULE_NOT_FOUND";
    throw error;
  }
  return next(specifier, context);
}
