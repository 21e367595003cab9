import { spawn } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { lowerDescriptorLimit } from "../src/adversarial/lower-descriptor-limit.js";
import { ConformanceFailure } from "../src/suite-context.js";

// "Max open files            64                   64                   files"
function openFilesLimit(pid: number): string[] {
  const line = fs.readFileSync(`/proc/${pid}/limits`, "utf8").split("\n").find((candidate) => candidate.startsWith("Max open files"));
  return line?.split(/\s+/).slice(3, 5) ?? [];
}

describe("lowerDescriptorLimit: the exhaustion test's child gets its limit through prlimit(1)", () => {
  it("lowers the soft and hard limit of a running process", async () => {
    const child = spawn(process.execPath, ["-e", "setTimeout(() => {}, 30_000)"], { stdio: "ignore" });
    try {
      const pid = child.pid;
      if (pid === undefined) throw new Error("the child did not start");
      await lowerDescriptorLimit(pid, 64);
      expect(openFilesLimit(pid)).toEqual(["64", "64"]);
    } finally {
      child.kill("SIGKILL");
    }
  });

  it("without prlimit on PATH, fails the check with what to install", async () => {
    const empty = fs.mkdtempSync(path.join(os.tmpdir(), "no-prlimit-"));
    const saved = process.env.PATH;
    process.env.PATH = empty;
    try {
      const failure = await lowerDescriptorLimit(process.pid, 64).catch((error: unknown) => error);
      expect(failure).toBeInstanceOf(ConformanceFailure);
      expect((failure as Error).message).toBe(
        "the descriptor exhaustion test lowers its child's limit with prlimit(1), which is not on PATH: install util-linux (Debian: apt-get install util-linux)",
      );
    } finally {
      process.env.PATH = saved;
      fs.rmSync(empty, { recursive: true, force: true });
    }
  });

  it("a process prlimit cannot change fails the check with prlimit's own words", async () => {
    // Above the kernel's largest pid, so no process has it, now or later.
    const pid = Number(fs.readFileSync("/proc/sys/kernel/pid_max", "utf8")) + 1;
    const failure = await lowerDescriptorLimit(pid, 64).catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(ConformanceFailure);
    expect((failure as Error).message).toMatch(new RegExp(`^prlimit --pid ${pid} --nofile=64:64 ended with 1: prlimit: .+`));
  });
});
