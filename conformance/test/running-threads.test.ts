import { spawn, type ChildProcess } from "node:child_process";
import { afterEach, describe, expect, it } from "vitest";
import { ownChild, runningThreads, sampleUntil } from "../src/running-threads.js";

const BUSY = "for (;;);";
const started: ChildProcess[] = [];

afterEach(() => {
  for (const child of started.splice(0)) child.kill("SIGKILL");
});

function node(script: string, mark = false): ChildProcess {
  const child = spawn(process.execPath, ["-e", script], { stdio: ["ignore", "pipe", "ignore"] });
  started.push(child);
  return mark ? ownChild(child) : child;
}

describe("runningThreads: the threads of the serving process and of every process under it (the document checks)", () => {
  it("a process the server started counts as the server: its computing thread is seen, and not once it is killed", async () => {
    // An idle server whose worker process computes: the server's own threads wait.
    const server = node(`const w = require("node:child_process").spawn(process.execPath, ["-e", ${JSON.stringify(BUSY)}], { stdio: "ignore" }); console.log(w.pid); setInterval(() => {}, 1000);`);
    const worker = await new Promise<number>((resolve) => server.stdout?.once("data", (chunk: Buffer) => resolve(Number(chunk.toString().trim()))));
    const pid = server.pid ?? 0;
    expect(await sampleUntil(() => runningThreads([pid]), (running) => running >= 1, { times: 5, timeoutMs: 10_000 })).not.toBeNull();
    process.kill(worker, "SIGKILL");
    expect(await sampleUntil(() => runningThreads([pid]), (running) => running === 0, { times: 5, timeoutMs: 10_000 })).not.toBeNull();
  });

  it("in-process, a process the harness started itself (ownChild) is not one of this process's: its computing thread is never counted", async () => {
    node(BUSY, true);
    // This process's other threads (the pool's, V8's) compute now and then; the busy child would be seen in every sample.
    expect(await sampleUntil(() => runningThreads(["self"]), (running) => running === 0, { times: 3, timeoutMs: 10_000 })).not.toBeNull();
  });

  it("in-process, a process started otherwise (by the tool under test) is counted", async () => {
    node(BUSY);
    expect(await sampleUntil(() => runningThreads(["self"]), (running) => running >= 1, { times: 10, timeoutMs: 10_000 })).not.toBeNull();
  });
});
