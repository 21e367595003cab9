import fs from "node:fs";
import wabtInit from "wabt";

/** The bytes of the module assembled from wasm/NAME.wat with SIMD and multiple results on, no debug names. */
export async function assembleWasm(name) {
  const wabt = await wabtInit();
  const source = new URL(`../wasm/${name}.wat`, import.meta.url);
  const module = wabt.parseWat(`${name}.wat`, fs.readFileSync(source, "utf8"), { simd: true, multi_value: true });
  try {
    module.resolveNames();
    module.validate();
    return module.toBinary({ write_debug_names: false }).buffer;
  } finally {
    module.destroy();
  }
}

/** The newline counter's bytes, assembled from wasm/count-line-feeds.wat. */
export function assembleCountLineFeeds() {
  return assembleWasm("count-line-feeds");
}

/** The JSON byte classifier's bytes, assembled from wasm/json-cost.wat. */
export function assembleJsonCost() {
  return assembleWasm("json-cost");
}

/** The secret keyword finder's bytes, assembled from wasm/secret-keywords.wat. */
export function assembleSecretKeywords() {
  return assembleWasm("secret-keywords");
}

/** The line numberer's bytes, assembled from wasm/number-lines.wat. */
export function assembleNumberLines() {
  return assembleWasm("number-lines");
}

/** The UTF-8 to UTF-16 decoder's bytes, assembled from wasm/utf8-to-utf16.wat. */
export function assembleUtf8ToUtf16() {
  return assembleWasm("utf8-to-utf16");
}
