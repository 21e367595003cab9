import type { SecretFinding, SecretScanner } from "./secret-scanner.js";

/**
 * What every format the scanner knows contains, so that text without any of them is not handed to
 * secretlint at all (as gitleaks prefilters its rules by keywords): most files hold no secret, and
 * secretlint costs about half a millisecond per call whatever it finds. Case-insensitive, so it is a
 * superset of each rule's own prefix. Updating secretlint means checking this list against its rules:
 * the table test of every family fails for a format this list misses.
 */
// Grouped by first letter: irregexp tries the alternatives at every position, and a trie is the fastest
// form measured (about 10 ns a character; one `includes` per keyword was three times slower).
const KEYWORDS =
  /a(?:3t|kia|sia|gpa|ida|roa|ipa|npa|nva)|g(?:h[pousr]_|ithub_pat_|l(?:pat|dt|rt|ptt|cbt|soat)-)|s(?:ecret|k-ant-|k_(?:live|test)_|g\.|hp(?:pa|ca|at|ss)_)|x(?:ox|app|-oauth-basic)|private[ _]key|ops_|npm_|lin_api_|t3blbkfj|rk_(?:live|test)_|hooks\.slack\.com|_authtoken|-----end/i;

let formats: Promise<typeof import("./secret-formats.js")> | undefined;

/**
 * The secrets policy's content check: secretlint (`@secretlint/core` with its recommended preset, less
 * three rules) and the formats it lacks (AWS access key ids, Stripe and GitLab tokens, a private key block
 * cut by the window's edge), in `./secret-formats.js`. Text without any of their keywords is not scanned
 * further, and the scan is imported on the first text that has one.
 */
export const DEFAULT_SECRET_SCANNER: SecretScanner = Object.freeze({
  scan(text: string, fileName: string): readonly SecretFinding[] | Promise<readonly SecretFinding[]> {
    if (!KEYWORDS.test(text)) return [];
    formats ??= import("./secret-formats.js");
    return formats.then((loaded) => loaded.scanSecrets(text, fileName));
  },
});
