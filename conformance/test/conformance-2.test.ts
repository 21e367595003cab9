import { describeConformance } from "./describe-conformance.js";

// Share 2 of 2 of the profiles (see describe-conformance.ts): the two shares run side by side.
describeConformance(1, 2);
