import { describeConformance } from "./describe-conformance.js";

// Share 1 of 2 of the profiles (see describe-conformance.ts): the two shares run side by side.
describeConformance(0, 2);
