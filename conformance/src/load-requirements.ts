import fs from "node:fs";
import { z } from "zod";

/** One requirement of a spec: the smallest statement the harness or a package test proves. */
export const requirementSchema = z.strictObject({
  /** Stable ID, `<PREFIX>-<section>` (`ENV-5.1`, `JP-3.1.4`, `FORGE-FR-RD-03`, `GUARD-6.4`, `ALL-paging`). */
  id: z.string().regex(/^[A-Z]+-[A-Za-z0-9.-]*[A-Za-z0-9]$/),
  /** The profile whose spec states it; `*` for a universal property every profile must keep. */
  profile: z.string().min(1),
  /** The spec section it comes from. */
  section: z.string().min(1),
  /** `MUST`, `SHOULD`, `DoD` (definition of done), `Test` (a test the spec lists). */
  level: z.enum(["MUST", "SHOULD", "DoD", "Test"]),
  /** One line in English. */
  summary: z.string().min(1),
});

/** The registry file, `conformance/requirements.json`. */
export const requirementsFileSchema = z.strictObject({
  $comment: z.string().optional(),
  requirements: z.array(requirementSchema).min(1),
});

export type Requirement = z.infer<typeof requirementSchema>;

/** The profile name of universal requirements. */
export const UNIVERSAL = "*";

/** The registry file that ships with this package. */
export const REQUIREMENTS_FILE = new URL("../requirements.json", import.meta.url);

/**
 * Loads and validates the requirements registry: the schema, and IDs that are unique. Throws with the
 * file name and the reason when the registry is malformed, since nothing can be judged against it.
 */
export function loadRequirements(file: string | URL = REQUIREMENTS_FILE): readonly Requirement[] {
  const parsed = requirementsFileSchema.safeParse(JSON.parse(fs.readFileSync(file, "utf8")));
  if (!parsed.success) throw new Error(`${String(file)}: ${z.prettifyError(parsed.error)}`);
  const seen = new Set<string>();
  for (const requirement of parsed.data.requirements) {
    if (seen.has(requirement.id)) throw new Error(`${String(file)}: the requirement ID ${requirement.id} appears twice`);
    seen.add(requirement.id);
  }
  return parsed.data.requirements;
}

/** The requirements a profile must meet: its own spec's rows and the universal rows. */
export function requirementsOf(requirements: readonly Requirement[], profile: string): readonly Requirement[] {
  return requirements.filter((requirement) => requirement.profile === profile || requirement.profile === UNIVERSAL);
}
