import fc from "fast-check";

// The seed is chosen (and checked) once per run by the root vitest.config.ts and reaches every worker
// through the environment, so each property of the run starts from it and replays with FC_SEED.
const seed = Number(process.env.FC_SEED);
if (Number.isSafeInteger(seed)) fc.configureGlobal({ seed });
