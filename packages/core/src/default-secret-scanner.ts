import { hasSecretKeyword, hasSecretKeywordIn } from "./secret-keywords.js";
import type { SecretFinding, SecretScanner } from "./secret-scanner.js";

let formats: Promise<typeof import("./secret-formats.js")> | undefined;

/**
 * The secrets policy's content check: secretlint (`@secretlint/core` with its recommended preset, less
 * three rules) and the formats it lacks (AWS access key ids, Stripe and GitLab tokens, a private key block
 * cut by the window's edge), in `./secret-formats.js`. Text without any of their keywords
 * (`SECRET_KEYWORDS`) is not scanned further, and the scan is imported on the first text that has one;
 * `mayFind` looks for the keywords in the bytes of a text.
 */
export const DEFAULT_SECRET_SCANNER: SecretScanner = Object.freeze({
  scan(text: string, fileName: string): readonly SecretFinding[] | Promise<readonly SecretFinding[]> {
    if (!hasSecretKeyword(text)) return [];
    formats ??= import("./secret-formats.js");
    return formats.then((loaded) => loaded.scanSecrets(text, fileName));
  },
  mayFind: hasSecretKeywordIn,
});
