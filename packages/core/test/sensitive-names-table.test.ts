import { describe, expect, test } from "vitest";
import { DEFAULT_SENSITIVE_RULES, sensitiveRuleOf } from "../src/index.js";

// Issue 31 case 8: the default sensitive names as a table. Every name, extension and directory each rule
// names is a member row (the rule that must refuse it), and next to it the names that only look alike
// (one character more or less, another extension, the directory's name as a file): each must be read.
// Paths are absolute and under a workspace `/w`, as the rules see them.
const MEMBERS: Readonly<Record<string, readonly string[]>> = {
  "env-file": [".env", ".env.local", ".env.production", ".ENV", "sub/.env.dev", ".envrc", "x.env", ".env-file", ".env_prod", ".env~", ".env.bak"],
  "ssh-private-key": ["id_rsa", "id_dsa", "id_ecdsa", "id_ed25519", "id_ecdsa_sk", "id_ed25519_sk", "keys/ID_RSA", "xid_rsa", "id_rsa.bak", "id_rsa.old"],
  "deploy-key": ["deploy_key", "deploy-key", "deploy.key"],
  "cloud-credentials": ["credentials.json", "credentials.xml", "service-account.json", "my_service_account.json", "client_secret_123.json"],
  "secrets-file": [".secrets", "secrets.json", "secrets.yml", "secrets.yaml", "secrets.toml"],
  "terraform-state": ["terraform.tfstate", "prod.tfstate", "terraform.tfstate.backup"],
  "kubeconfig": ["kubeconfig", "prod.kubeconfig", "kubeconfig.yaml", "kubeconfig.yml"],
  "tool-credentials": [".vault-token", ".s3cfg", ".boto", ".dockercfg", ".passwd-s3fs", ".my.cnf", ".mylogin.cnf", ".terraformrc"],
  "shell-history": [".bash_history", ".zsh_history", ".sh_history", ".history", ".psql_history", ".mysql_history", ".python_history", ".node_repl_history", ".irb_history"],
  "key-file": ["a.pem", "a.key", "a.p12", "a.pfx", "a.ppk", "a.jks", "a.keystore", "certs/A.PEM"],
  "ssh-directory": [".ssh", ".ssh/config", ".ssh/known_hosts", "home/.ssh/anything"],
  "gnupg-directory": [".gnupg", ".gnupg/pubring.kbx"],
  "git-internals": [".git", ".git/config", "sub/.git/HEAD"],
  "aws-credentials": [".aws/credentials"],
  "azure-directory": [".azure", ".azure/accessTokens.json"],
  "gcloud-directory": [".config/gcloud", ".config/gcloud/credentials.db"],
  "gcloud-adc": ["application_default_credentials.json"],
  "docker-config": [".docker/config.json"],
  "kube-config": [".kube/config", ".kube/config.bak"],
  "package-manager-credentials": [".npmrc", ".pypirc"],
  "cargo-credentials": [".cargo/credentials"],
  "cargo-credentials-toml": [".cargo/credentials.toml"],
  "gem-credentials": [".gem/credentials"],
  "gh-hosts": [".config/gh/hosts.yml"],
  "terraform-credentials": [".terraform.d/credentials.tfrc.json"],
  "login-credentials": [".netrc", "_netrc", ".git-credentials", ".pgpass", ".htpasswd", ".htpasswd.bak"],
};

const NEIGHBOURS: readonly string[] = [
  // .env: the exceptions, and names one character off
  ".env.example", ".env.sample", ".env.template", ".env-example", ".env_template", "env", ".envx", "environment",
  // SSH keys: the public halves and longer names
  "id_rsa.pub", "id_ed25519.pub", "id_rsa2", "id_rsax", "id_dsa_sk", "deploy_keys", "deploy", "deploy.keyx",
  // credentials, secrets, state and histories: other extensions, or a name one character off
  "credentials.yaml", "service-account.yaml", "client_secret.txt", "secrets.md", "secrets", ".secretsx", "terraform.tf", "tfstate.txt",
  "kubeconfig.txt", "kube-config", ".vault-tokens", "s3cfg", ".bash_historyx", "history", ".bash_profile",
  // key extensions: one letter off, or followed by another extension
  "a.pe", "a.pemx", "a.pem.txt", "a.keys", "a.p1", "a.pf", "pem", "a.jk", "keystore",
  // directories: a name one character off, or the directory's name without its dot
  ".sshx/config", "ssh/config", ".gnupg2/x", "gnupg/x", ".gitignore", ".github/workflows/ci.yml", "git/config", ".azurex/x",
  ".config/gcloudx/x", ".config/other/x", "gcloud/x",
  // files named inside a directory: the directory or the file alone, or another file there
  ".aws/config", "aws/credentials", "credentials", ".aws", "application_default_credentials.jsonx", ".docker/other.json", "docker/config.json",
  ".kube", "kube/config", ".npmrcx", "npmrc", ".cargo/config.toml", ".cargo/credentials.tom", ".gem/config",
  ".config/gh/config.yml", "gh/hosts.yml", ".terraform.d/plugins", "credentials.tfrc.json", "netrc", "_netrcx", ".git-credential", "pgpass", ".htpasswdx",
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
