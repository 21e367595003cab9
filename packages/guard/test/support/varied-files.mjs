// The files of read-file-unchanged.test.ts, made the same on every run (a seeded generator), in plain
// JavaScript so that a build of an earlier commit can record what it answers for them.

/** A generator of numbers in [0, 1), the same for the same seed (mulberry32). */
function random(seed) {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const WORDS = ["const", "return", "await", "path", "lines", "state", "buffer", "config", "secure", "prim", "keys", "as", "gh", "x", "-", "_", "\"quoted\"", "back\\slash", "行番号", "ファイル", "é", "😀", "\t"];

function text(size, seed, ending = "\n") {
  const next = random(seed);
  let out = "";
  let bytes = 0;
  while (bytes < size) {
    const count = 1 + Math.floor(next() * 12);
    const line = Array.from({ length: count }, () => WORDS[Math.floor(next() * WORDS.length)]).join(" ") + ending;
    out += line;
    bytes += Buffer.byteLength(line);
  }
  // Cut at a whole character, then padded with spaces to the size.
  const all = Buffer.from(out);
  let cut = size;
  while (cut > 0 && (all[cut] & 0xc0) === 0x80) cut--;
  return Buffer.concat([all.subarray(0, cut), Buffer.alloc(size - cut, 0x20)]);
}

function alnum(length, seed) {
  const next = random(seed);
  const chars = "ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789abcdefghijklmnopqrstuvwxyz";
  return Array.from({ length }, () => chars[Math.floor(next() * 36)]).join("");
}

function at(base, offset, insert) {
  return Buffer.concat([base.subarray(0, offset), Buffer.from(insert), base.subarray(offset)]);
}

const KiB = 1024;

/**
 * Files that exercise every step of a whole-file read, by name: sizes around the SIMD thresholds (512
 * bytes) and pieces (32 and 64 KiB), the answer bound (256 KiB of JSON) and the file bound (1 MiB); CRLF,
 * lone CRs, long lines, escapes (controls, quotes, backslashes), non-ASCII and astral text, a BOM, invalid
 * and cut UTF-8, a NUL, secret keywords without secrets and secrets that are redacted, at piece edges.
 */
export function variedFiles() {
  const awsKey = `AKIA${alnum(16, 7).toUpperCase()}`;
  const githubToken = `ghp_${alnum(36, 8)}`;
  const files = {
    "empty.txt": Buffer.alloc(0),
    "small-511.txt": text(511, 1),
    "small-512.txt": text(512, 2),
    "small-513.txt": text(513, 3),
    "source-4k.ts": text(4 * KiB, 4),
    "source-100k.ts": text(100 * KiB, 5),
    "source-crlf-100k.ts": text(100 * KiB, 6, "\r\n"),
    "lone-cr.txt": text(70 * KiB, 9, "\r"),
    "mixed-ends.txt": Buffer.from(text(40 * KiB, 10).toString("latin1").replace(/\n(?=.{0,9}\n)/gs, "\r\n").replace(/ x /g, "\r"), "latin1"),
    "long-line-200k.txt": Buffer.from(text(200 * KiB, 11).toString("latin1").replace(/[\n\r]/g, " "), "latin1"),
    "long-line-900k.txt": Buffer.from(text(900 * KiB, 12).toString("latin1").replace(/[\n\r]/g, " "), "latin1"),
    "controls.txt": Buffer.from(Array.from({ length: 50 * KiB }, (_, i) => [0x01, 0x08, 0x09, 0x0a, 0x0b, 0x0c, 0x0d, 0x1f, 0x22, 0x5c, 0x41, 0x7f][(i * 7919) % 12])),
    // 43690 controls take 262140 bytes as JSON: the first fits the default bound, the second does not.
    "controls-fit.txt": Buffer.alloc(43_690, 1),
    "controls-over.txt": Buffer.alloc(43_691, 1),
    "quotes-over.txt": Buffer.alloc(131_073, 0x22),
    "bom.txt": Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), text(8 * KiB, 13)]),
    "astral.txt": Buffer.from("😀𝄞 中文 é\n".repeat(3000)),
    "invalid-utf8.txt": at(text(70 * KiB, 14), 66_000, [0xff]),
    "cut-utf8.txt": Buffer.concat([text(2 * KiB, 15), Buffer.from([0xe8, 0xa1])]),
    "surrogate.txt": at(text(2 * KiB, 16), 100, [0xed, 0xa0, 0x80]),
    "nul.txt": at(text(70 * KiB, 17), 69_000, [0x00]),
    "keywords-only.md": Buffer.from("The Private Key and the SECRET word, sk-ant- and hooks.slack.com and -----END, but no secret.\n".repeat(500)),
    "aws-key.txt": at(text(3 * KiB, 18), 1500, `\naws_access_key_id = ${awsKey}\n`),
    "github-token-100k.txt": at(text(100 * KiB, 19), 50 * KiB, `\ntoken: ${githubToken}\n`),
    "token-at-32k.txt": at(Buffer.alloc(40 * KiB, 0x78), 32 * KiB - 3, ` ${githubToken} `),
    "token-at-64k.txt": at(Buffer.alloc(70 * KiB, 0x2e), 64 * KiB - 1, ` ${githubToken} `),
    "keyword-last.txt": Buffer.concat([Buffer.alloc(1000, 0x20), Buffer.from("A3T")]),
    "exactly-1mib.txt": text(1024 * KiB, 20),
    "over-1mib.txt": text(1024 * KiB + 1, 21),
  };
  return files;
}

/** The configurations each file is read with: the defaults, a bound that holds 1 MiB, secrets off. */
export const VARIED_CONFIGS = {
  default: {},
  "max_answer_bytes = 8 MiB": { max_answer_bytes: 8 * 1024 * KiB },
  "secrets = false, max_answer_bytes = 8 MiB": { secrets: false, max_answer_bytes: 8 * 1024 * KiB },
};
