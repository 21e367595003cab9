import fs from "node:fs";
import { runConcurrency, type ConcurrencySpec } from "./concurrency.js";

// Child entry, run as `bash -c 'ulimit -n 1024; exec node dist/concurrency-child.js SPEC_FILE'`.
const spec = JSON.parse(fs.readFileSync(process.argv[2] ?? "", "utf8")) as ConcurrencySpec;
process.stdout.write(`${JSON.stringify(await runConcurrency(spec))}\n`);
