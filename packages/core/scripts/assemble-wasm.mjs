import fs from "node:fs";
import wabtInit from "wabt";

/** The module's bytes, assembled from wasm/count-line-feeds.wat with SIMD on and no debug names. */
export async function assembleCountLineFeeds() {
  const wabt = await wabtInit();
  const source = new URL("../wasm/count-line-feeds.wat", import.meta.url);
  const module = wabt.parseWat("count-line-feeds.wat", fs.readFileSync(source, "utf8"), { simd: true });
  try {
    module.resolveNames();
    module.validate();
    return module.toBinary({ write_debug_names: false }).buffer;
  } finally {
    module.destroy();
  }
}
