import { config } from "zod";
import { main } from "./main.js";

// A `read-tool` process validates a handful of values and exits. zod's JIT would compile a validator
// with `new Function` for each schema on its first use, code that V8's cache of the bundle cannot hold,
// so every start would pay for it; the interpreted path gives the same results.
config({ jitless: true });

/** The bundle's entry (`scripts/bundle.mjs`): `main`, with zod set up for short-lived processes. */
export { main };
