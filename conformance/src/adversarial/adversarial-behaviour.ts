import { z } from "zod";

/**
 * The oracle's `adversarial` block: the outcomes the adversarial suite needs besides `behaviour`, each an
 * outcome of the oracle's own kind (an error code, or the file's content for a profile that reads it).
 * Built from the oracle's outcome and field schemas (passed in, so that `oracle.ts` can embed this
 * without an import cycle).
 */
export function adversarialBehaviourSchema<Outcome extends z.ZodType, Field extends z.ZodType>(outcome: Outcome, field: Field) {
  return z
    .strictObject({
      invalidInput: outcome.describe("A path that is not a usable string: not a string, missing, empty, only whitespace, over-long, with NUL, control, bidi or line-separator characters."),
      nameTooLong: outcome.describe("A path the file system refuses as too long (`ENAMETOOLONG`: a name over 255 bytes)."),
      symlinkLoop: outcome.describe("A path that runs into a symlink loop or a chain longer than the kernel follows (`ELOOP`) inside the root."),
      permissionDenied: outcome.describe("A file or directory inside the root that the operating system refuses to the calling user (`EACCES`)."),
      changedDuringRead: outcome.describe("The opened file is not the checked one (swapped between check and open)."),
      tooManyOpenFiles: outcome.describe("No file descriptor is left (`EMFILE`)."),
      sensitive: outcome.describe(
        "A file inside the root with a sensitive name (`.env`, `.ssh/id_rsa`, `*.pem`, `.git/config`, ...) or an equivalent spelling of one: `{ content: true }` for a profile that reads it like any file, an error for one that refuses it (a refusing profile refuses such names outside the root too, before asking anyone).",
      ),
      gitignored: outcome.describe("A file inside the root that the root's `.gitignore` files exclude: `{ content: true }` for a profile that does not consult them."),
      unusualName: outcome
        .optional()
        .describe("A path of only whitespace, or holding control, bidi or line-separator characters (but no NUL), that names no file: absent for a profile that refuses such input (`invalidInput`)."),
      lexicalClean: z
        .boolean()
        .default(false)
        .describe("The path is cleaned lexically before the kernel resolves it (Go's `filepath.Clean`): `..` folds against the name before it and a trailing `/` goes, so `link/../x` is `x` and `f.txt/` is `f.txt`; `false`: the kernel reads the path as given."),
      backslashSeparator: z
        .boolean()
        .default(false)
        .describe("Every `\\` in a path is read as `/` before anything else (a toolkit written for Windows paths), so `..\\outside\\x` is `../outside/x`; `false`: a backslash is an ordinary character of a name, as on POSIX."),
      systemLocation: outcome
        .optional()
        .describe("A path outside the root under a system location (`/etc`, `/proc`, `/dev`, ...) as asked, or a link out of the root into one once a person allowed the read (until then a link out is answered like any other, whatever its target): absent when such a path is like any outside path (`behaviour.outsideRoot`)."),
      blockedPatterns: z
        .strictObject({
          option: z.string().describe("The config key holding a list of blocked glob patterns (absolute ones included)."),
          outcome: outcome.describe("A path a blocked pattern matches."),
        })
        .optional()
        .describe("For a profile whose policy takes blocked patterns: the option and the outcome of a blocked path."),
      images: z
        .strictObject({
          bomb: outcome.describe("A PNG of a few hundred bytes whose header declares 100000 x 100000 pixels (a decompression bomb)."),
          truncated: outcome.describe("A JPEG cut inside its scan, without its end-of-image marker."),
        })
        .optional()
        .describe("For a profile that answers PNG, JPEG, GIF and WebP files with the image: the outcomes of hostile images. Absent: an image is a binary file (`behaviour.binary`), and the image cases do not apply."),
      documents: z
        .strictObject({
          invalid: outcome.describe("A file under a document's name (`random.pdf`: 3 MB of random bytes; a PDF cut in half) that is not one."),
          tooComplex: outcome.describe("A PDF whose one page's content inflates to tens of megabytes of operators: its parse must be stopped at the profile's bounds."),
          options: z
            .record(z.string(), z.json())
            .default({})
            .describe("Options (the profile's config table) for these cases, such as a lower parse time limit, so that the pathological case ends in a fraction of the suite's bound."),
        })
        .optional()
        .describe("For a profile that parses PDFs rather than refusing them as binary: the outcomes of the hostile-document cases; absent, those cases do not apply."),
      messageFields: z
        .array(field)
        .min(1)
        .describe("The fields holding free text for the model (messages, summaries): no echoed file name may forge a line or an escape sequence in them."),
    })
    .describe("The outcomes of the adversarial suite's cases (`adversarial/*` checks); without this block those checks do not apply.");
}
