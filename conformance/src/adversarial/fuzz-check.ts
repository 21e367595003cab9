import fs from "node:fs";
import path from "node:path";
import fc from "fast-check";
import type { ConformanceCheck } from "../conformance-check.js";
import { referenceLines, renderWindow } from "../reference-lines.js";
import { ConformanceFailure, denyIfAsked, show, windowInput, withScratch, type SuiteContext } from "../suite-context.js";
import { ADVERSARIAL_REQUIREMENTS, boundFor } from "./adversarial-case.js";
import { boundedCall } from "./bounded-call.js";
import { OUTSIDE_MARKER } from "./layouts.js";
import { typedErrorCheck } from "./load-checks.js";

/** Property runs per profile: this many times the suite's runs per property (modest: 100 by default). */
const RUNS_FACTOR = 5;

const marked = (name: string) => ({ text: `${OUTSIDE_MARKER} ${name}\n` });

/**
 * A workspace full of traps: links out (relative, absolute, to files and directories, through
 * `/proc/self/root`), links in, links out and back, loops, dangling links in and out, chains, a directory
 * linking to the root's parent, names that look like encodings, `~`, backslashes, NFC and NFD. Every file
 * outside the root holds {@link OUTSIDE_MARKER} and its own name.
 */
const FUZZ_LAYOUT = {
  files: {
    "inside.txt": { text: "inside\n" },
    "sub/nested.txt": { text: "nested\n" },
    "caf\u00e9.txt": { text: "cafe nfc\n" },
    "~/t.txt": { text: "tilde dir\n" },
    "%2e%2e/p.txt": { text: "percent dir\n" },
    "dir with space/f.txt": { text: "space\n" },
    "...": { text: "three dots\n" },
    "back\\slash.txt": { text: "backslash name\n" },
    "link-in": { symlink: "inside.txt" },
    "link-out": { symlink: "../outside/data.txt" },
    "link-out-abs": { symlink: "${OUTSIDE}/data.txt" },
    "dir-out": { symlink: "../outside" },
    "dir-out-abs": { symlink: "${OUTSIDE}" },
    "magic-out": { symlink: "/proc/self/root${OUTSIDE}" },
    "sub/up": { symlink: "../.." },
    "sub/back-in": { symlink: "../../ws/inside.txt" },
    "loop-a": { symlink: "loop-b" },
    "loop-b": { symlink: "loop-a" },
    dangling: { symlink: "nowhere.txt" },
    "dangling-out": { symlink: "../outside/nowhere.txt" },
    "chain-0": { symlink: "chain-1" },
    "chain-1": { symlink: "sub/nested.txt" },
    "out-chain-0": { symlink: "out-chain-1" },
    "out-chain-1": { symlink: "dir-out/deep" },
  },
  outside: {
    "data.txt": marked("data.txt"),
    "deep/deep.txt": marked("deep/deep.txt"),
    "deep/data.txt": marked("deep/data.txt"),
    "caf\u00e9.txt": marked("café.txt"),
    "inside.txt": marked("an outside inside.txt"),
  },
  around: {
    "ws_evil/data.txt": marked("ws_evil/data.txt"),
    "ws_evil/inside.txt": marked("ws_evil/inside.txt"),
    "data.txt": marked("parent data.txt"),
    "inside.txt": marked("parent inside.txt"),
  },
} as const;

const SEGMENTS = [
  "..", "..", ".", "", "inside.txt", "sub", "nested.txt", "link-in", "link-out", "link-out-abs", "dir-out", "dir-out-abs", "magic-out", "up", "back-in",
  "loop-a", "dangling", "dangling-out", "chain-0", "out-chain-0", "outside", "ws", "ws_evil", "data.txt", "deep", "deep.txt", "~", "t.txt", "%2e%2e",
  "p.txt", "%2f", "%252e%252e", "caf\u00e9.txt", "cafe\u0301.txt", "\uff0e\uff0e", "\u2024", "\u2025", "...", "dir with space", "f.txt", "..\\..",
  "back\\slash.txt", "file:", "\u202e", "DATA.TXT", "data.txt.", "data.txt ",
] as const;

const SEPARATORS = ["/", "/", "/", "//", "/./", "\\", "/../"] as const;

const PREFIXES = ["", "", "", "./", "/", "${DIR}/", "${ROOT}/", "${ROOT}/../", "${DIR}/ws_evil/", "file://${DIR}/", "file://${ROOT}/", "~/", "/proc/self/root${ROOT}/", "/proc/self/cwd/"] as const;

/**
 * Random path strings from a grammar of `..`, `.`, separators (and backslashes), link and trap names,
 * percent-encodings, `~`, `file://`, unicode (NFC and NFD, fullwidth and leader dots, a bidi override),
 * sometimes normalised as a whole, and sometimes any string at all. `${DIR}` and `${ROOT}` are the
 * workspace's paths.
 */
const fuzzPath: fc.Arbitrary<string> = fc.oneof(
  {
    weight: 9,
    arbitrary: fc
      .tuple(
        fc.constantFrom(...PREFIXES),
        fc.array(fc.tuple(fc.constantFrom(...SEGMENTS), fc.constantFrom(...SEPARATORS)), { minLength: 1, maxLength: 7 }),
        fc.constantFrom("", "", "", "/", "/.", "/.."),
        fc.constantFrom("as-is", "as-is", "NFC", "NFD"),
      )
      .map(([prefix, parts, suffix, form]) => {
        const joined = `${prefix}${parts.map(([segment, separator], index) => (index === 0 ? segment : `${separator}${segment}`)).join("")}${suffix}`;
        return form === "as-is" ? joined : joined.normalize(form);
      }),
  },
  { weight: 1, arbitrary: fc.string({ maxLength: 30, unit: "grapheme" }) },
);

/**
 * Where the kernel resolves `input` from `root` (a backslash read as `/` and the path cleaned lexically
 * first, for a profile that does so): a regular file inside the root, or `null` (anything else).
 */
function insideRegularFile(root: string, given: string, adversarial: { readonly lexicalClean: boolean; readonly backslashSeparator: boolean }): string | null {
  const input = adversarial.backslashSeparator ? given.replaceAll("\\", "/") : given;
  const raw = adversarial.lexicalClean ? path.resolve(root, input) : path.isAbsolute(input) ? input : `${root}/${input}`;
  try {
    const resolved = fs.realpathSync.native(raw);
    const relative = path.relative(root, resolved);
    const inside = relative === "" || (relative !== ".." && !relative.startsWith("../") && !path.isAbsolute(relative));
    return inside && fs.statSync(resolved).isFile() ? resolved : null;
  } catch {
    return null;
  }
}

/**
 * ADV-fuzz: for every path the grammar makes, the tool either returns the content of a regular file that
 * the kernel resolves inside the root (exactly its first window), or a typed error; no output ever carries
 * an outside marker; no call outlasts the bound. Each run first reads `inside.txt`, which must succeed.
 */
async function runFuzz(ctx: SuiteContext): Promise<void> {
  const { oracle, read, adapter, properties } = ctx;
  const isTypedError = typedErrorCheck(oracle);
  const boundMs = boundFor(ctx);
  await withScratch(FUZZ_LAYOUT, async (workspace) => {
    const inside = renderWindow(oracle, referenceLines(Buffer.from(FUZZ_LAYOUT.files["inside.txt"].text), oracle), 1);
    const property = fc.asyncProperty(fuzzPath, async (template) => {
      // Every run reads a real file first: a tool that refuses everything would pass the rest.
      const control = await adapter.call({ root: workspace.root, input: windowInput(oracle, "inside.txt"), ...denyIfAsked(oracle) });
      if (read.isError(control) || read.content(control) !== inside) throw new ConformanceFailure(`inside.txt is not read: ${show(workspace.placeholders(control))}`);
      const value = workspace.expand(template);
      const input = windowInput(oracle, value);
      const ended = await boundedCall(() => adapter.call({ root: workspace.root, input, ...denyIfAsked(oracle) }), boundMs);
      if (ended.kind === "timeout" || (ended.kind === "answered" && ended.ms > boundMs)) throw new ConformanceFailure(`no answer within ${boundMs} ms for ${show(value)}`);
      if (ended.kind === "rejected") throw new ConformanceFailure(`the call failed for ${show(value)}: ${String(ended.error)}`);
      const output = ended.value;
      const shown = `\n  input: ${show(input)}\n  output: ${show(workspace.placeholders(output))}`;
      if (JSON.stringify(output).includes(OUTSIDE_MARKER)) throw new ConformanceFailure(`LEAK: content from outside the root${shown}`);
      if (read.isError(output)) {
        if (!isTypedError(output)) throw new ConformanceFailure(`an error with none of the oracle's codes${shown}`);
        return;
      }
      const file = insideRegularFile(workspace.root, value, { lexicalClean: oracle.adversarial?.lexicalClean === true, backslashSeparator: oracle.adversarial?.backslashSeparator === true });
      if (file === null) throw new ConformanceFailure(`content, but the kernel resolves the path to no regular file inside the root${shown}`);
      const lines = referenceLines(fs.readFileSync(file), oracle).slice(0, oracle.window.defaultCount ?? undefined);
      if (read.content(output) !== renderWindow(oracle, lines, 1)) throw new ConformanceFailure(`content other than the first window of ${workspace.placeholders(file) as string}${shown}`);
    });
    await fc.assert(property, { seed: properties.seed, numRuns: properties.numRuns * RUNS_FACTOR, endOnFailure: properties.endOnFailure, includeErrorInReport: true });
  });
}

/** The fuzzing property as a check of the suite. */
export const FUZZ_CHECK: ConformanceCheck = {
  id: "adversarial/fuzz/path-grammar",
  title: "Random paths over a workspace of symlink traps: a regular file inside the root, or a typed error",
  requirements: () => [ADVERSARIAL_REQUIREMENTS.fuzz],
  notApplicable: (oracle) => (oracle.adversarial === undefined ? "the oracle declares no adversarial outcomes" : null),
  run: runFuzz,
};
