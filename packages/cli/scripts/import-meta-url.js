// Injected into dist/read-tool.cjs (scripts/bundle.mjs) for `import.meta.url`, which a CommonJS bundle
// lacks: the bundle's own URL. It lies in dist/ beside the modules it was made from, so a URL relative
// to it (`../package.json`) is the same.
export const importMetaUrl = require("node:url").pathToFileURL(__filename).href;
