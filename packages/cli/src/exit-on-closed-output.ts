/**
 * The status `read-tool` exits with when its output was closed: 128 + SIGPIPE (13), what a shell reports
 * for `cat` in `cat big.txt | head -c 10`, so `set -o pipefail` sees the same as with any Unix tool.
 */
export const CLOSED_OUTPUT_STATUS = 141;

// EPIPE: a pipe's reader went away; ECONNRESET: a socket's; ERR_STREAM_DESTROYED: a write after either.
const CLOSED = new Set(["EPIPE", "ECONNRESET", "ERR_STREAM_DESTROYED"]);

/**
 * Ends the process quietly with {@link CLOSED_OUTPUT_STATUS} once `stream` (stdout or stderr) can no
 * longer be written because its reader is gone. Node ignores SIGPIPE, so a write to a closed pipe is an
 * `error` event on the stream, which, unhandled, ends the process with a stack trace and status 1. Any
 * other write error is thrown on, as before.
 */
export function exitOnClosedOutput(stream: NodeJS.WritableStream, exit: (code: number) => void): void {
  stream.on("error", (error: NodeJS.ErrnoException) => {
    if (!CLOSED.has(error.code ?? "")) throw error;
    exit(CLOSED_OUTPUT_STATUS);
  });
}
