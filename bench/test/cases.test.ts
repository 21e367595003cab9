import fs from "node:fs";
import path from "node:path";
import { expect, test } from "vitest";
import { makeTempDir } from "../../vitest.temp-dirs.js";
import { buildCases } from "../src/cases.js";
import { sourceText } from "../src/workloads.js";

test("issue 32: the agent's first call on each small file has the floor that also hashes the file, and the floor without the hash beside it; its repeated call the floor without the hash", () => {
  const root = makeTempDir("read-bench-cases-");
  const write = (name: string, text: string | Buffer) => {
    fs.mkdirSync(path.dirname(path.join(root, name)), { recursive: true });
    fs.writeFileSync(path.join(root, name), text);
    return name;
  };
  const small = { "4k": write("src/4k.ts", sourceText(4 * 1024, 1)), "100k": write("src/100k.ts", sourceText(100 * 1024, 2)), "1m": write("src/1m.ts", sourceText(1024 * 1024, 3)) };
  const cases = buildCases(
    {
      root,
      small,
      log: "",
      logFacts: { bytes: 0, lines: 0, lineStarts: {} },
      singleLine: write("single.js", "x".repeat(1000)),
      columnLine: write("column.js", "y".repeat(1000)),
      secretsKeyword: write("src/keyword.ts", "const name = process.env.API_SECRET;\n"),
      images: { "4mp": "", "30mp": "", "30mp-grey": "" },
      many: [],
      writtenAt: 0,
    },
    ["agent"],
  );
  const floors = (workload: string) =>
    cases.filter((c) => c.workload === workload && c.subject === "agent" && c.call === "{path}").map((c) => ({ mode: c.mode, floor: c.floor, partialFloor: c.partialFloor }));
  for (const workload of ["4k", "100k", "1m"]) {
    expect(floors(workload)).toEqual([
      { mode: "first", floor: `${workload}:floor:2000ch`, partialFloor: `${workload}:floor:2000c` },
      { mode: "repeat", floor: `${workload}:floor:2000c`, partialFloor: undefined },
    ]);
    expect(cases.find((c) => c.id === `${workload}:floor:2000ch`)?.call).toBe("2000 lines + count + SHA-256");
  }
});
