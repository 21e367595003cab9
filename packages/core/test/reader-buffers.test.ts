import { spawnSync } from "node:child_process";
import { fileURLToPath, pathToFileURL } from "node:url";
import { expect, test } from "vitest";

const dist = (file: string) => JSON.stringify(pathToFileURL(fileURLToPath(new URL(`../dist/${file}`, import.meta.url))).href);

test("readers' pools hold sixteen small buffers and two large pairs in the counter's memory, however many small reads run at once", () => {
  // A fresh process: the pools and the counter's memory are the process's own, filled once.
  const script = `
    const { takeSmallBuffer, takeLargePair } = await import(${dist("file-reader.js")});
    const { isCountable } = await import(${dist("count-line-feeds.js")});
    const small = Array.from({ length: 64 }, () => isCountable(takeSmallBuffer()));
    const large = Array.from({ length: 3 }, () => takeLargePair().map((buffer) => isCountable(buffer)));
    console.log(JSON.stringify({ small, large }));`;
  const child = spawnSync(process.execPath, ["--input-type=module", "-e", script], { encoding: "utf8", timeout: 60_000 });
  expect(child.stderr).toBe("");
  expect(JSON.parse(child.stdout)).toEqual({
    small: [...Array<boolean>(16).fill(true), ...Array<boolean>(48).fill(false)],
    large: [
      [true, true],
      [true, true],
      [false, false],
    ],
  });
});
