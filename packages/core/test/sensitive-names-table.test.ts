import { describe, expect, test } from "vitest";
import { DEFAULT_SENSITIVE_RULES, sensitiveRuleOf } from "../src/index.js";

// Issue 31 case 8: the default sensitive names as a table. Every name, extension and directory each rule
// names is a member row (the rule that must refuse it), and next to it the names that only look alike
// (one character more or less, another extension, the directory's name as a file): each must be read.
// Paths are absolute and under a workspace `/w`, as the rules see them.
const MEMBERS: Readonly<Record<string, readonly string[]>> = {
  "env-file": [".env", ".env.local", ".env.production", ".ENV", "sub/.env.dev"],
  "ssh-private-key": ["id_rsa", "id_dsa", "id_ecdsa", "id_ed25519", "id_ecdsa_sk", "id_ed25519_sk", "keys/ID_RSA"],
  "key-file": ["a.pem", "a.key", "a.p12", "a.pfx", "a.ppk", "a.jks", "a.keystore", "certs/A.PEM"],
  "ssh-directory": [".ssh", ".ssh/config", ".ssh/known_hosts", "home/.ssh/anything"],
  "gnupg-directory": [".gnupg", ".gnupg/pubring.kbx"],
  "git-internals": [".git", ".git/config", "sub/.git/HEAD"],
  "aws-credentials": [".aws/credentials"],
  "azure-directory": [".azure", ".azure/accessTokens.json"],
  "gcloud-directory": [".config/gcloud", ".config/gcloud/credentials.db"],
  "gcloud-adc": ["application_default_credentials.json"],
  "docker-config": [".docker/config.json"],
  "kube-config": [".kube/config"],
  "package-manager-credentials": [".npmrc", ".pypirc"],
  "cargo-credentials": [".cargo/credentials"],
  "cargo-credentials-toml": [".cargo/credentials.toml"],
  "gem-credentials": [".gem/credentials"],
  "gh-hosts": [".config/gh/hosts.yml"],
  "terraform-credentials": [".terraform.d/credentials.tfrc.json"],
  "login-credentials": [".netrc", "_netrc", ".git-credentials", ".pgpass", ".htpasswd"],
};

const NEIGHBOURS: readonly string[] = [
  // .env: the exceptions, and names one character off
  ".env.example", ".env.sample", ".env.template", ".envrc", "env", "x.env", ".env-file",
  // SSH keys: the public halves and longer names
  "id_rsa.pub", "id_ed25519.pub", "id_rsa2", "xid_rsa", "id_dsa_sk",
  // key extensions: one letter off, or followed by another extension
  "a.pe", "a.pemx", "a.pem.txt", "a.keys", "a.p1", "a.pf", "pem", "a.jk", "keystore",
  // directories: a name one character off, or the directory's name without its dot
  ".sshx/config", "ssh/config", ".gnupg2/x", "gnupg/x", ".gitignore", ".github/workflows/ci.yml", "git/config", ".azurex/x",
  ".config/gcloudx/x", ".config/other/x", "gcloud/x",
  // files named inside a directory: the directory or the file alone, or another file there
  ".aws/config", "aws/credentials", "credentials", ".aws", "application_default_credentials.jsonx", ".docker/other.json", "docker/config.json",
  ".kube/config.bak", ".kube", "kube/config", ".npmrcx", "npmrc", ".cargo/config.toml", ".cargo/credentials.tom", ".gem/config",
  ".config/gh/config.yml", "gh/hosts.yml", ".terraform.d/plugins", "credentials.tfrc.json", "netrc", "_netrcx", ".git-credential", "pgpass", ".htpasswd.bak",
];

describe("issue 31 case 8: the default sensitive names, member by member", () => {
  test("the table names every default rule", () => {
    expect(Object.keys(MEMBERS).sort()).toEqual(DEFAULT_SENSITIVE_RULES.map((rule) => rule.id).sort());
  });

  test.each(Object.entries(MEMBERS).flatMap(([rule, names]) => names.map((name) => [name, rule] as const)))("%s is refused by %s", (name, rule) => {
    expect(sensitiveRuleOf(DEFAULT_SENSITIVE_RULES, [`/w/${name}`])?.id).toBe(rule);
  });

  test.each(NEIGHBOURS)("%s, next to a sensitive name, is read", (name) => {
    expect(sensitiveRuleOf(DEFAULT_SENSITIVE_RULES, [`/w/${name}`])?.id).toBeUndefined();
  });
});
