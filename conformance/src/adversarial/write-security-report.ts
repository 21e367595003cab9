import fs from "node:fs";
import path from "node:path";
import { loadExpectedFailures } from "../expected-failures.js";
import { createInProcessAdapter } from "../in-process-adapter.js";
import { loadOracles } from "../load-oracles.js";
import type { Oracle } from "../oracle.js";
import { REPO_ROOT } from "../repo-paths.js";
import { CI_SEED, DEFAULT_RUNS } from "../run-settings.js";
import { filesystemServerPeer, type Peer } from "./peers.js";
import { peerColumn, profileCells, renderSecurityReport, runCells, securityRows, SECURITY_REPORT_FILE, type SecurityCell, type SecurityResults } from "./security-report.js";

/** Cases a peer runs at once: its hangs are waited out side by side. */
const PEER_CONCURRENCY = 6;

/** The peers of the side-by-side comparison. */
export function securityPeers(): readonly Peer[] {
  return [filesystemServerPeer()];
}

/** Runs every case against each peer (a fresh adapter each) and returns its cells by column. */
export async function runPeers(peers: readonly Peer[], seed: number = CI_SEED): Promise<Map<string, Map<string, SecurityCell>>> {
  const columns = new Map<string, Map<string, SecurityCell>>();
  for (const peer of peers) {
    const adapter = peer.createAdapter();
    try {
      columns.set(peerColumn(peer), await runCells({ oracle: peer.oracle, adapter, seed, numRuns: DEFAULT_RUNS, concurrency: PEER_CONCURRENCY }));
    } finally {
      await adapter.close?.();
    }
  }
  return columns;
}

/** The report's data: the profiles' declared cells, and each peer's observed ones. */
export function securityResults(oracles: readonly Oracle[], peers: readonly Peer[], peerCells: ReadonlyMap<string, ReadonlyMap<string, SecurityCell>>, seed: number = CI_SEED): SecurityResults {
  const expectedFailures = loadExpectedFailures();
  const profiles = new Map(oracles.map((oracle) => [oracle.profile, profileCells(oracle, expectedFailures)]));
  return {
    profiles: [...profiles.keys()],
    peers: peers.map((peer) => ({ column: peerColumn(peer), name: peer.name, version: peer.version })),
    seed,
    rows: securityRows(profiles, peerCells),
  };
}

/**
 * Runs every profile through every case in-process and checks that each answers what its oracle
 * declares (a listed expected failure must fail): the report shows the declared outcomes, so they must be
 * the observed ones. Returns the differences.
 */
async function verifyProfiles(oracles: readonly Oracle[], onProgress?: (line: string) => void): Promise<string[]> {
  const expectedFailures = loadExpectedFailures();
  const differences: string[] = [];
  for (const oracle of oracles) {
    const declared = profileCells(oracle, expectedFailures);
    const adapter = await createInProcessAdapter(oracle);
    const observed = await runCells({ oracle, adapter, seed: CI_SEED, numRuns: DEFAULT_RUNS, concurrency: 1 });
    for (const [id, cell] of declared) {
      const actual = observed.get(id);
      const same = cell.knownFailure !== undefined ? actual?.status === "fail" : actual?.status === cell.status && (cell.status !== "pass" || actual.observed === cell.observed);
      if (!same) differences.push(`${oracle.profile} ${id}: declared ${cell.knownFailure === undefined ? cell.observed : "a known failure"}, observed ${actual?.status ?? "nothing"} ${actual?.observed ?? ""}${actual?.detail === undefined ? "" : `\n    ${actual.detail.split("\n").join("\n    ")}`}`);
    }
    onProgress?.(`${oracle.profile}: ${declared.size} cases and checks run`);
  }
  return differences;
}

/**
 * `read-conformance security-report [--check]`: verifies every profile's cells, runs the peers, and writes
 * `docs/security.md` (or, with `--check`, fails when the file differs from what this run produced).
 */
export async function securityReport(args: readonly string[]): Promise<number> {
  const check = args.includes("--check");
  const oracles = loadOracles();
  const log = (text: string) => process.stdout.write(`${text}\n`);
  const differences = await verifyProfiles(oracles, log);
  if (differences.length > 0) {
    process.stderr.write(`security-report: profiles answered other than their oracles declare:\n${differences.join("\n")}\n`);
    return 1;
  }
  const peers = securityPeers();
  const peerCells = await runPeers(peers);
  log(`peers: ${peers.map(peerColumn).join(", ")} run`);
  const text = renderSecurityReport(securityResults(oracles, peers, peerCells));
  const relative = path.relative(REPO_ROOT, SECURITY_REPORT_FILE);
  if (check) {
    const current = fs.existsSync(SECURITY_REPORT_FILE) ? fs.readFileSync(SECURITY_REPORT_FILE, "utf8") : "";
    if (current === text) return 0;
    process.stderr.write(`${relative} is out of date: run \`pnpm --filter @read/conformance run security-report\`\n`);
    return 1;
  }
  fs.mkdirSync(path.dirname(SECURITY_REPORT_FILE), { recursive: true });
  fs.writeFileSync(SECURITY_REPORT_FILE, text);
  log(`wrote ${relative}`);
  return 0;
}
