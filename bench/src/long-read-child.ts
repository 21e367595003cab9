import fs from "node:fs";
import { measureLongRead, type LongReadSpec } from "./long-read.js";

// Child entry, run as `node --expose-gc dist/long-read-child.js SPEC_FILE`: prints one LongReadResult.
const spec = JSON.parse(fs.readFileSync(process.argv[2] ?? "", "utf8")) as LongReadSpec;
process.stdout.write(`${JSON.stringify(await measureLongRead(spec))}\n`);
