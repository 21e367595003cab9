// Bundles what `read-tool` runs on every start (dist/bundle-entry.js: main and everything it imports
// statically, plus the four profiles, each behind its own lazy initialiser) into one CommonJS file,
// dist/read-tool.cjs, which bin/read-tool.js loads with a V8 code cache through dist/run-read-tool.cjs
// (src/run-read-tool.ts and src/compiled-bundle.ts, bundled too: CommonJS starts without Node's ES module
// loader). One file instead of ~140 ES modules (95 of them zod's) and a cache of its compiled code are
// most of the start-up time `pnpm bench` measures; see the package README.
//
// Left out, loaded as ES modules from dist/ when used: the MCP server (`read-tool mcp`: @read/mcp and the
// MCP SDK) and the REPL's terminal UI (ink, React), which would only make every start read more code.
// Code run through `vm.Script` cannot use `import()` on Node 20 without an experimental flag, so the
// bundle's dynamic imports of modules it does not hold (those three, and a profile of one's own named by
// path) call `__readToolImport`, which the loader passes in; the build fails if any `import(` is left.
import fs from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import { fileURLToPath } from "node:url";
import * as esbuild from "esbuild";

const packageDir = path.dirname(path.dirname(fileURLToPath(import.meta.url)));
const dist = path.join(packageDir, "dist");

/** Imported by dist/main.js only when their command runs; they stay ES modules in dist/. */
export const UNBUNDLED = ["./mcp-command.js", "./repl/repl-command.js", "./repl/ask-on-terminal.js"];

// Our modules import zod as `import { z } from "zod"`: zod's entry hands out its API as one namespace
// value, which esbuild keeps whole (every schema kind, the JSON Schema importer, 60-odd translations of
// the messages). Imported as a module namespace instead (`import * as z from ".../v4/classic/external.js"`,
// the module behind that value), `z.object(...)` is a static reference and esbuild keeps only what is
// used: about 150 KB of zod instead of 520 KB, English messages only. Same functions, same behaviour.
const ZOD_IMPORT = 'import { z } from "zod";';

// The files whose `import()` of a module outside the bundle must go through the loader, and how many each has.
const HOST_IMPORTS = new Map([
  [path.join(dist, "main.js"), UNBUNDLED.length],
  [createRequire(path.join(dist, "main.js")).resolve("@read/profiles").replace(/index\.js$/, "load-profile.js"), 1],
]);

/** The two rewrites above, applied to this repository's built modules as esbuild loads them. */
const ownModules = {
  name: "own-modules",
  setup(build) {
    build.onLoad({ filter: /[\\/]dist[\\/].*\.js$/ }, (args) => {
      if (args.path.includes(`${path.sep}node_modules${path.sep}`)) return undefined;
      let contents = fs.readFileSync(args.path, "utf8");
      if (contents.includes(ZOD_IMPORT)) {
        const external = path.join(path.dirname(createRequire(args.path).resolve("zod")), "v4", "classic", "external.js");
        contents = contents.replace(ZOD_IMPORT, `import * as z from ${JSON.stringify(external)};`);
      }
      const expected = HOST_IMPORTS.get(fs.realpathSync(args.path));
      if (expected !== undefined) {
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
};

const common = { bundle: true, platform: "node", format: "cjs", target: "node20.19", minifySyntax: true, minifyWhitespace: true, legalComments: "none", logLevel: "warning" };

await esbuild.build({ ...common, entryPoints: [path.join(dist, "run-read-tool.js")], outfile: path.join(dist, "run-read-tool.cjs") });

const result = await esbuild.build({
  ...common,
  entryPoints: [path.join(dist, "bundle-entry.js")],
  outfile: path.join(dist, "read-tool.cjs"),
  external: UNBUNDLED,
  plugins: [ownModules],
  define: { "import.meta.url": "importMetaUrl" },
  inject: [path.join(packageDir, "scripts", "import-meta-url.js")],
  metafile: true,
});

// `import.meta.url` becomes the bundle's URL: right only for a module of dist/ itself.
const IMPORT_META_ALLOWED = [path.join(dist, "cli-version.js")];
for (const input of Object.keys(result.metafile.inputs)) {
  const file = path.resolve(packageDir, input);
  if (!fs.existsSync(file) || IMPORT_META_ALLOWED.includes(file) || file.endsWith("import-meta-url.js")) continue;
  if (fs.readFileSync(file, "utf8").includes("import.meta")) throw new Error(`${input} uses import.meta, which the CommonJS bundle cannot give it`);
}

// The bundle must hold no package of the left-out commands: one would be read and compiled on every start.
const forbidden = ["ink", "react", "@modelcontextprotocol/sdk", "@read/mcp"];
const bundled = Object.keys(result.metafile.inputs);
for (const name of forbidden) {
  const leak = bundled.find((input) => input.includes(`node_modules/${name}/`) || input.includes(`/${name.replace("@read/", "")}/dist/`));
  if (leak !== undefined) throw new Error(`dist/read-tool.cjs must not bundle ${name} (found ${leak})`);
}
const output = fs.readFileSync(path.join(dist, "read-tool.cjs"), "utf8");
if (/\bimport\s*\(/.test(output)) throw new Error("dist/read-tool.cjs still calls import(): route it through __readToolImport");
fs.writeFileSync(path.join(dist, "read-tool.meta.json"), `${JSON.stringify(result.metafile)}\n`);
