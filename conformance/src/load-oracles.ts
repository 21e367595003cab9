import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { loadOracle, type Oracle } from "./oracle.js";

/** The oracles of this repository's profiles, `conformance/profiles/*.json`. */
export const PROFILES_DIR = fileURLToPath(new URL("../profiles", import.meta.url));

/** Every oracle in a directory, sorted by profile name; throws when two declare the same profile. */
export function loadOracles(dir: string = PROFILES_DIR): readonly Oracle[] {
  const oracles = fs
    .readdirSync(dir)
    .filter((entry) => entry.endsWith(".json"))
    .map((entry) => loadOracle(path.join(dir, entry)))
    .sort((left, right) => left.profile.localeCompare(right.profile));
  const names = oracles.map((oracle) => oracle.profile);
  const twice = names.find((name, index) => names.indexOf(name) !== index);
  if (twice !== undefined) throw new Error(`${dir}: two oracles declare the profile '${twice}'`);
  return oracles;
}
