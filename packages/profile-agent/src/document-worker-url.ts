/**
 * The file the document worker runs: `document-worker.js` beside this module. When this module runs from
 * its TypeScript source (the repository's tests), the built one in `dist/` (a forked process runs JavaScript
 * only; the tests' global setup builds `dist/` first). Bundled into `read-tool`'s CommonJS bundle,
 * `import.meta.url` is the bundle's own URL, and the bundle's build writes a `document-worker.js` beside it
 * that loads this package's (packages/cli/scripts/bundle.mjs).
 */
export function documentWorkerUrl(): URL {
  const here = import.meta.url;
  return here.endsWith(".ts") ? new URL("../dist/document-worker.js", here) : new URL("./document-worker.js", here);
}
