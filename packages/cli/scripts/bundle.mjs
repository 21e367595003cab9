// Bundles what `read-tool` runs on every start (dist/bundle-entry.js: main and everything it imports
// statically, plus the four profiles, each behind its own lazy initialiser) into one CommonJS file,
// dist/read-tool.cjs, which bin/read-tool.js loads with a V8 code cache through dist/run-read-tool.cjs
// (src/run-read-tool.ts and src/compiled-bundle.ts, bundled too: CommonJS starts without Node's ES module
// loader). One file instead of ~140 ES modules (95 of them zod's) and a cache of its compiled code are
// most of the start-up time `pnpm bench` measures; see the package README.
//
// Left out, loaded when used: the MCP server (`read-tool mcp`: @read/mcp and the MCP SDK, as ES modules
// from dist/) and the terminal UI (the REPL and the Allow/Deny prompt: ink and React), which would only make
// every start read more code. The terminal UI is a bundle of its own, dist/terminal-ui.bundle.js: an ES
// module (yoga-layout, under ink, awaits its WebAssembly at the top level) holding ink, React in its
// production build and the modules of ours it uses, which as ~750 separate ES modules took 0.9 s to load.
// Code run through `vm.Script` cannot use `import()` on Node 20 without an experimental flag, so the
// bundle's dynamic imports of modules it does not hold (those two, a profile of one's own named by path,
// and the agent profile's image library, sharp) call `__readToolImport`, which the loader passes in; the
// build fails if any `import(` is left. The terminal UI bundle leaves sharp, a native module, out too.
import fs from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import { fileURLToPath } from "node:url";
import * as esbuild from "esbuild";

const packageDir = path.dirname(path.dirname(fileURLToPath(import.meta.url)));
const dist = path.join(packageDir, "dist");

/** Imported by dist/main.js only when their command runs: they stay out of dist/read-tool.cjs. */
export const UNBUNDLED = ["./mcp-command.js", "./terminal-ui.js"];

/** What dist/main.js imports as `./terminal-ui.js`, once bundled. */
const TERMINAL_UI_BUNDLE = "terminal-ui.bundle.js";

// Our modules import zod as `import { z } from "zod"`: zod's entry hands out its API as one namespace
// value, which esbuild keeps whole (every schema kind, the JSON Schema importer, 60-odd translations of
// the messages). Imported as a module namespace instead (`import * as z from ".../v4/classic/external.js"`,
// the module behind that value), `z.object(...)` is a static reference and esbuild keeps only what is
// used: about 150 KB of zod instead of 520 KB, English messages only. Same functions, same behaviour.
const ZOD_IMPORT = 'import { z } from "zod";';

// The files whose `import()` of a module outside the bundle must go through the loader, and how many each
// has (main.js imports the terminal UI for the REPL and for the prompt of `call`).
const HOST_IMPORTS = new Map([
  [path.join(dist, "main.js"), 3],
  [createRequire(path.join(dist, "main.js")).resolve("@read/profiles").replace(/index\.js$/, "load-profile.js"), 1],
  [createRequire(path.join(dist, "main.js")).resolve("@read/core").replace(/index\.js$/, "default-secret-scanner.js"), 1],
  // The agent profile's image library (sharp, an optional dependency of this package too): a native module, never bundled.
  [fs.realpathSync(createRequire(createRequire(path.join(dist, "main.js")).resolve("@read/profiles")).resolve("@read/profile-agent")).replace(/index\.js$/, "load-sharp.js"), 1],
]);

/** What @read/core's secrets policy imports as `./secret-formats.js` (its scan, secretlint), once bundled. */
const SECRETLINT_BUNDLE = "secret-formats.bundle.js";

/**
 * The rewrites above, applied to this repository's built modules as esbuild loads them: zod's import
 * always, and with `hostImports` the `import()` calls that must go through the loader.
 */
const ownModules = ({ hostImports }) => ({
  name: "own-modules",
  setup(build) {
    build.onLoad({ filter: /[\\/]dist[\\/].*\.js$/ }, (args) => {
      if (args.path.includes(`${path.sep}node_modules${path.sep}`)) return undefined;
      let contents = fs.readFileSync(args.path, "utf8");
      if (contents.includes(ZOD_IMPORT)) {
        const external = path.join(path.dirname(createRequire(args.path).resolve("zod")), "v4", "classic", "external.js");
        contents = contents.replace(ZOD_IMPORT, `import * as z from ${JSON.stringify(external)};`);
      }
      const expected = hostImports ? HOST_IMPORTS.get(fs.realpathSync(args.path)) : undefined;
      if (expected !== undefined) {
        contents = contents.replaceAll(`import("./terminal-ui.js")`, `import("./${TERMINAL_UI_BUNDLE}")`).replaceAll(`import("./secret-formats.js")`, `import("./${SECRETLINT_BUNDLE}")`);
        let count = 0;
        contents = contents.replace(/\bimport\(/g, () => {
          count += 1;
          return "__readToolImport(";
        });
        if (count !== expected) throw new Error(`${args.path}: expected ${expected} import() calls, found ${count}`);
      }
      return { contents, loader: "js", resolveDir: path.dirname(args.path) };
    });
  },
});

const common = { bundle: true, platform: "node", format: "cjs", target: "node20.19", minifySyntax: true, minifyWhitespace: true, legalComments: "none", logLevel: "warning" };

await esbuild.build({ ...common, entryPoints: [path.join(dist, "run-read-tool.js")], outfile: path.join(dist, "run-read-tool.cjs") });

const result = await esbuild.build({
  ...common,
  entryPoints: [path.join(dist, "bundle-entry.js")],
  outfile: path.join(dist, "read-tool.cjs"),
  external: UNBUNDLED,
  plugins: [ownModules({ hostImports: true })],
  define: { "import.meta.url": "importMetaUrl" },
  inject: [path.join(packageDir, "scripts", "import-meta-url.js")],
  metafile: true,
});

// `import.meta.url` becomes the bundle's URL: right only for a module of dist/ itself, and for the agent
// profile's worker file, which the bundle finds beside itself: DOCUMENT_WORKER below.
const agentDist = path.dirname(createRequire(path.join(dist, "main.js")).resolve("@read/profile-agent"));
const IMPORT_META_ALLOWED = [path.join(dist, "cli-version.js"), fs.realpathSync(path.join(agentDist, "document-worker-url.js"))];
for (const input of Object.keys(result.metafile.inputs)) {
  const file = path.resolve(packageDir, input);
  if (!fs.existsSync(file) || IMPORT_META_ALLOWED.includes(fs.realpathSync(file)) || file.endsWith("import-meta-url.js")) continue;
  if (fs.readFileSync(file, "utf8").includes("import.meta")) throw new Error(`${input} uses import.meta, which the CommonJS bundle cannot give it`);
}

/** Fails the build when a bundle's esbuild metafile holds a file of one of `names` (npm or workspace packages). */
function mustNotHold(bundle, metafile, names) {
  const inputs = Object.keys(metafile.inputs);
  for (const name of names) {
    const leak = inputs.find((input) => input.includes(`node_modules/${name}/`) || input.includes(`/${name.replace("@read/", "")}/dist/`));
    if (leak !== undefined) throw new Error(`${bundle} must not bundle ${name} (found ${leak})`);
  }
}

// The bundle must hold no package of the left-out commands: one would be read and compiled on every start.
mustNotHold("dist/read-tool.cjs", result.metafile, ["ink", "react", "@modelcontextprotocol/sdk", "@read/mcp", "pdfjs-dist"]);

// Ink imports its React DevTools bridge (which needs react-devtools-core, not a dependency of ours) only
// when DEV=true, and warns when that package is missing: in the bundle the bridge is that missing package.
const inkDevtools = {
  name: "ink-devtools",
  setup(build) {
    build.onResolve({ filter: /^\.\/devtools\.js$/ }, (args) => (/[\\/]ink[\\/]build[\\/]/.test(args.importer) ? { path: "ink-devtools", namespace: "ink-devtools" } : undefined));
    build.onLoad({ filter: /.*/, namespace: "ink-devtools" }, () => ({
      contents: `const error = new Error("react-devtools-core is not bundled with read-tool"); error.code = "ERR_MODULE_NOT_FOUND"; throw error;`,
      loader: "js",
    }));
  },
};
const terminalUi = await esbuild.build({
  ...common,
  format: "esm",
  entryPoints: [path.join(dist, "terminal-ui.js")],
  outfile: path.join(dist, TERMINAL_UI_BUNDLE),
  plugins: [ownModules({ hostImports: false }), inkDevtools],
  external: ["sharp"],
  define: { "process.env.NODE_ENV": '"production"' },
  // The CommonJS packages in it (React, and others under ink) `require` Node's built-in modules.
  banner: { js: 'import { createRequire as __readToolCreateRequire } from "node:module"; const require = __readToolCreateRequire(import.meta.url);' },
  metafile: true,
});
mustNotHold(`dist/${TERMINAL_UI_BUNDLE}`, terminalUi.metafile, ["@modelcontextprotocol/sdk", "@read/mcp"]);
// Where `import.meta.url` in the terminal UI, now the bundle's URL, does no harm: Yoga's Emscripten loader
// keeps it as the place to fetch its .wasm from, which it never does (this build carries the WebAssembly
// inline, as base64); ink reads `../package.json` from it only with DEV=true, to name itself to React
// DevTools, which the bundle lacks (see inkDevtools).
const UI_IMPORT_META_HARMLESS = [/[\\/]yoga-layout[\\/]dist[\\/]binaries[\\/]yoga-wasm-base64-esm\.js$/, /[\\/]ink[\\/]build[\\/]reconciler\.js$/];
for (const input of Object.keys(terminalUi.metafile.inputs)) {
  const file = path.resolve(packageDir, input);
  if (!fs.existsSync(file) || IMPORT_META_ALLOWED.includes(file) || UI_IMPORT_META_HARMLESS.some((harmless) => harmless.test(file))) continue;
  if (fs.readFileSync(file, "utf8").includes("import.meta")) throw new Error(`${input} uses import.meta, which would be dist/${TERMINAL_UI_BUNDLE}'s`);
}

// secretlint (the secrets policy's content check), a bundle of its own that @read/core's scanner imports on
// the first text worth scanning, so that every start does not read it: an ES module, as its packages are.
// Its recommended preset imports its copy of node-forge (360 KB) to parse a .p12 file's bytes, a path the
// read tool never takes (it hands secretlint text, never a .p12 name): that import is left out and fails.
const withoutPkcs12 = {
  name: "secretlint-without-pkcs12",
  setup(build) {
    build.onLoad({ filter: /[\\/]@secretlint[\\/]secretlint-rule-preset-recommend[\\/]module[\\/].*\.js$/ }, (args) => {
      const contents = fs
        .readFileSync(args.path, "utf8")
        .replace(/\bimport\((['"])\.\/index-[\w-]+\.js\1\)/g, () => `Promise.reject(new Error("secretlint's PKCS#12 parser is not bundled with read-tool"))`);
      return { contents, loader: "js", resolveDir: path.dirname(args.path) };
    });
  },
};
await esbuild.build({
  ...common,
  format: "esm",
  entryPoints: [createRequire(path.join(dist, "main.js")).resolve("@read/core").replace(/index\.js$/, "secret-formats.js")],
  outfile: path.join(dist, SECRETLINT_BUNDLE),
  plugins: [withoutPkcs12],
  // `debug`, under secretlint, is CommonJS and requires Node's built-in modules.
  banner: { js: 'import { createRequire as __readToolCreateRequire } from "node:module"; const require = __readToolCreateRequire(import.meta.url);' },
});

// The agent profile parses PDFs and notebooks in a worker thread, which runs a file: bundled, the profile
// looks for `document-worker.js` beside the bundle (its `import.meta.url` is the bundle's). That file loads
// the profile's own worker from its package (which brings pdf.js, kept out of every bundle: it is loaded
// only in the worker, only for a PDF).
const DOCUMENT_WORKER = "document-worker.js";
fs.writeFileSync(
  path.join(dist, DOCUMENT_WORKER),
  `// Written by scripts/bundle.mjs: the agent profile's document worker, for the bundle beside this file.\nimport "@read/profile-agent/document-worker";\n`,
);

const output = fs.readFileSync(path.join(dist, "read-tool.cjs"), "utf8");
if (/\bimport\s*\(/.test(output)) throw new Error("dist/read-tool.cjs still calls import(): route it through __readToolImport");
fs.writeFileSync(path.join(dist, "read-tool.meta.json"), `${JSON.stringify(result.metafile)}\n`);
fs.writeFileSync(path.join(dist, "terminal-ui.meta.json"), `${JSON.stringify(terminalUi.metafile)}\n`);
