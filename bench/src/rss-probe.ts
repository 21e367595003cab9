import { runProbe, type ProbeSpec } from "./probe.js";

// Child entry: `node dist/rss-probe.js '<ProbeSpec JSON>'` prints one ProbeResult as JSON.
const spec = JSON.parse(process.argv[2] ?? '{"kind":"baseline"}') as ProbeSpec;
process.stdout.write(`${JSON.stringify(await runProbe(spec))}\n`);
