import { defaultCacheDir, loadCompiledBundle } from "./compiled-bundle.js";
import { exitOnClosedOutput } from "./exit-on-closed-output.js";
import type { main } from "./main.js";

/**
 * What `bin/read-tool.js` runs: {@link main} from `bundle` (`dist/read-tool.cjs`, see
 * `scripts/bundle.mjs`), compiled with the code cache of an earlier start when there is one, on this
 * process's arguments and streams; sets `process.exitCode`. stdin and stderr are only touched when a
 * command uses them (creating a stream costs a start a millisecond or more). stdout or stderr closed by
 * its reader (`read-tool big.txt | head -c 10`) ends the process quietly with status 141 (128 + SIGPIPE).
 */
export async function runReadTool(bundle: string): Promise<void> {
  const loaded = loadCompiledBundle(bundle, defaultCacheDir(), async (url) => import(url));
  const run = loaded.exports.main as typeof main;
  const exit = (code: number) => process.exit(code);
  exitOnClosedOutput(process.stdout, exit);
  let stderr: NodeJS.WriteStream | undefined;
  const io = {
    get stdin() {
      return process.stdin;
    },
    stdout: process.stdout,
    get stderr() {
      if (stderr === undefined) {
        stderr = process.stderr;
        exitOnClosedOutput(stderr, exit);
      }
      return stderr;
    },
    cwd: process.cwd(),
  };
  process.exitCode = await run(process.argv.slice(2), io);
  loaded.saveCache();
}
