import fs from "node:fs";
import { describe, expect, test } from "vitest";
import { createGuard, createTool, DEFAULT_SENSITIVE_RULES, type GuardDecision, type SensitiveRule } from "../src/index.js";
import { recordingRequester, scratch } from "./support/scratch.js";

// Every default rule, with paths (relative to the root) it must deny.
const EXAMPLES: Record<string, readonly string[]> = {
  "env-file": [".env", ".env.local", ".env.production", "app/.env", ".env.example.local", ".envrc", ".env-local", ".env_prod", ".env~", "prod.env"],
  "ssh-private-key": ["id_rsa", "keys/id_dsa", "id_ecdsa", "id_ed25519", "id_ecdsa_sk", "id_ed25519_sk", "id_rsa.bak", "github_rsa"],
  "deploy-key": ["deploy_key", "ci/deploy-key"],
  "key-file": ["server.pem", "tls/server.key", "cert.p12", "cert.pfx", "putty.ppk", "store.jks", "release.keystore", "server.key.bak", "AuthKey_X.p8"],
  "ssh-directory": ["home/.ssh/config", "home/.ssh/known_hosts", ".ssh"],
  "gnupg-directory": ["home/.gnupg/pubring.kbx"],
  "git-internals": [".git/config", ".git/HEAD", "sub/.git/objects/ab/cdef", ".git"],
  "aws-credentials": ["home/.aws/credentials"],
  "azure-directory": ["home/.azure/msal_token_cache.json"],
  "gcloud-directory": ["home/.config/gcloud/credentials.db", "home/.config/gcloud/legacy_credentials/me/adc.json"],
  "gcloud-adc": ["application_default_credentials.json"],
  "cloud-credentials": ["credentials.json", "service-account.json", "client_secret_1.json"],
  "secrets-file": ["secrets.yml", ".secrets"],
  "terraform-state": ["terraform.tfstate", "infra/terraform.tfstate.backup"],
  "docker-config": ["home/.docker/config.json"],
  "kube-config": ["home/.kube/config"],
  "kubeconfig": ["kubeconfig", "prod.kubeconfig"],
  "package-manager-credentials": [".npmrc", "pkg/.npmrc", ".pypirc"],
  "cargo-credentials": ["home/.cargo/credentials"],
  "cargo-credentials-toml": ["home/.cargo/credentials.toml"],
  "gem-credentials": ["home/.gem/credentials"],
  "gh-hosts": ["home/.config/gh/hosts.yml"],
  "terraform-credentials": ["home/.terraform.d/credentials.tfrc.json"],
  "tool-credentials": [".vault-token", ".s3cfg", ".boto", ".my.cnf"],
  "login-credentials": [".netrc", "_netrc", ".git-credentials", ".pgpass", "site/.htpasswd"],
  "shell-history": [".bash_history", "home/.zsh_history"],
};

describe("the default sensitive list", () => {
  test("GUARD-6.2: every default rule has examples here, and every example is denied as sensitive by its rule", () => {
    const s = scratch();
    const guard = createGuard({ root: s.root });
    expect(Object.keys(EXAMPLES)).toEqual(DEFAULT_SENSITIVE_RULES.map((rule) => rule.id));
    for (const [id, paths] of Object.entries(EXAMPLES)) {
      for (const relative of paths) {
        s.write(`ws/${relative.replace(/^\.ssh$|^\.git$/u, "$&/x")}`, "secret\n");
        expect({ relative, ...pick(guard.checkPath(relative, "read")) }).toEqual({ relative, decision: "denied", reason: "sensitive", rule: id });
      }
    }
  });

  test("GUARD-6.2: a sensitive denial is data with the resolved path and a message naming the rule", () => {
    const s = scratch();
    s.write("ws/.env", "A=1\n");
    const decision = createGuard({ root: s.root }).checkPath(".env", "read");
    expect(decision).toEqual({
      decision: "denied",
      reason: "sensitive",
      rule: "env-file",
      lexical: `${s.root}/.env`,
      resolved: `${s.root}/.env`,
      inside: true,
      message: "'.env' is sensitive: an environment file (.env, .env.*).",
      target: { input: ".env", absolute: `${s.root}/.env`, relative: ".env", inside: true },
    });
  });

  test("example, sample and template env files and look-alike names are not sensitive", () => {
    const s = scratch();
    const guard = createGuard({ root: s.root });
    for (const relative of [".env.example", ".env.sample", ".env.template", ".ENV.Example", "env", ".environment", "config.env.js", "id_rsa.pub", "monkey", "keys.txt", ".gitignore", ".github/workflows/ci.yml", "credentials", "config"]) {
      s.write(`ws/${relative}`, "fine\n");
      expect({ relative, decision: guard.checkPath(relative, "read").decision }).toEqual({ relative, decision: "granted" });
    }
  });

  test("names are compared case-insensitively", () => {
    const s = scratch();
    const guard = createGuard({ root: s.root });
    for (const relative of [".ENV", ".Env.Local", "ID_RSA", "Server.PEM", "home/.SSH/config", ".GIT/config", "home/.AWS/Credentials", ".NPMRC"]) {
      expect({ relative, ...pick(guard.checkPath(relative, "read")) }).toMatchObject({ relative, decision: "denied", reason: "sensitive" });
    }
  });

  test("trailing dots and spaces and an NTFS stream suffix do not hide a name", () => {
    const s = scratch();
    const guard = createGuard({ root: s.root });
    for (const relative of [".env.", ".env ", ".env. .", "id_rsa..", "home/.ssh./config", "home/.ssh /config", ".env:$DATA", "id_ed25519::$DATA"]) {
      expect({ relative, ...pick(guard.checkPath(relative, "read")) }).toMatchObject({ relative, decision: "denied", reason: "sensitive" });
    }
  });

  test("names are NFC-normalised before rules see them (an NFD name on disk matches an NFC rule)", () => {
    const s = scratch();
    const nfc = "schl\u00fcssel.txt";
    const rule: SensitiveRule = { id: "team-key", description: "the team key", matches: (names) => names.at(-1) === nfc };
    const guard = createGuard({ root: s.root, sensitive: [...DEFAULT_SENSITIVE_RULES, rule] });
    s.write(`ws/${nfc.normalize("NFD")}`, "k\n");
    s.write("ws/SCHL\u00dcSSEL.TXT", "k\n");
    expect(pick(guard.checkPath(nfc.normalize("NFD"), "read"))).toEqual({ decision: "denied", reason: "sensitive", rule: "team-key" });
    expect(pick(guard.checkPath("SCHL\u00dcSSEL.TXT", "read"))).toEqual({ decision: "denied", reason: "sensitive", rule: "team-key" });
  });

  test("a missing sensitive file is denied, not reported missing", async () => {
    const s = scratch();
    expect(await createTool({ root: s.root }).call({ path: ".env.production" })).toEqual({ error: 'permission denied by policy: path ".env.production" is blocked' });
  });

  test("GUARD-5.2: the list applies to the path as asked and to its resolved target (outside the root, once a person allowed it)", async () => {
    const s = scratch();
    s.write("outside/.aws/credentials", "[default]\n");
    s.symlink("ws/innocent.txt", "../outside/.aws/credentials");
    s.write("ws/plain.txt", "plain\n");
    s.symlink("ws/.npmrc", "plain.txt");
    const guard = createGuard({ root: s.root });
    // Outside the root, the target's denial waits for a person's Allow (issue 30 case 7).
    expect(guard.checkPath("innocent.txt", "read")).toMatchObject({ decision: "pending", afterApproval: { decision: "denied", reason: "sensitive", rule: "aws-credentials" } });
    expect(pick(guard.checkPath(".npmrc", "read"))).toEqual({ decision: "denied", reason: "sensitive", rule: "package-manager-credentials" });
    expect(guard.checkPath("innocent.txt", "read").resolved).toBe(`${s.outside}/.aws/credentials`);
  });

  test("GUARD-5.2: a sensitive file outside the root is denied, never asked about", async () => {
    const s = scratch();
    s.write("outside/.ssh/id_ed25519", "-----BEGIN OPENSSH PRIVATE KEY-----\n");
    const { requests, requester } = recordingRequester("allow");
    const tool = createTool({ root: s.root, requester });
    for (const path of ["../outside/.ssh/id_ed25519", `${s.outside}/.ssh/id_ed25519`, `${s.outside}/.ssh/../.ssh/id_ed25519`]) {
      expect(await tool.call({ path })).toEqual({ error: `permission denied by policy: path "${path}" is blocked` });
    }
    expect(requests).toEqual([]);
  });

  test("a custom list replaces the default one", () => {
    const s = scratch();
    s.write("ws/.env", "A=1\n");
    s.write("ws/notes.secret", "s\n");
    const rule: SensitiveRule = { id: "secret-ext", description: "a .secret file", matches: (names) => (names.at(-1) ?? "").endsWith(".secret") };
    const guard = createGuard({ root: s.root, sensitive: [rule] });
    expect(guard.checkPath(".env", "read").decision).toBe("granted");
    expect(pick(guard.checkPath("notes.secret", "read"))).toEqual({ decision: "denied", reason: "sensitive", rule: "secret-ext" });
  });
});

function pick(decision: GuardDecision) {
  return decision.decision === "denied" ? { decision: decision.decision, reason: decision.reason, rule: decision.rule } : { decision: decision.decision };
}

test("the README documents every default sensitive rule", () => {
  const readme = fs.readFileSync(new URL("../README.md", import.meta.url), "utf8");
  for (const rule of DEFAULT_SENSITIVE_RULES) expect(readme).toContain(`| \`${rule.id}\``);
});
