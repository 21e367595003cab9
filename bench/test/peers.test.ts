import fs from "node:fs";
import path from "node:path";
import { expect, test } from "vitest";
import { PEERS, peerModule, peersDir } from "../src/peers.js";
import { defaultCacheDir } from "../src/workloads.js";

test("the peers are no dependency of the bench, so `pnpm install` never fetches them (nor their build scripts)", () => {
  const manifest = JSON.parse(fs.readFileSync(path.resolve(import.meta.dirname, "..", "package.json"), "utf8")) as Record<string, Record<string, string> | undefined>;
  const declared = { ...manifest.dependencies, ...manifest.devDependencies, ...manifest.optionalDependencies };
  for (const name of Object.keys(PEERS)) expect(declared).not.toHaveProperty(name);
  expect(fs.readFileSync(path.resolve(import.meta.dirname, "..", "..", "pnpm-workspace.yaml"), "utf8")).not.toMatch(/onlyBuiltDependencies/);
});

test("the peers live in the bench's cache directory and load from there", () => {
  expect(peersDir()).toBe(path.join(defaultCacheDir(), "peers"));
  expect(peerModule("@modelcontextprotocol/server-filesystem/dist/lib.js")).toBe(`file://${path.join(peersDir(), "node_modules", "@modelcontextprotocol", "server-filesystem", "dist", "lib.js")}`);
});
