import { normalizeSegments, splitPath } from "./normalize-segments.js";

/**
 * A rule that marks a file as sensitive: it is denied wherever it lies, inside the root or outside it,
 * and the person is never asked about it.
 */
export interface SensitiveRule {
  /** A stable identifier, reported as the decision's `rule`. */
  readonly id: string;
  /** What the rule protects, in words a person reads in a denial message. */
  readonly description: string;
  /**
   * Whether the path is sensitive. `names` are the names of an absolute path, lower-cased, as they are
   * and NFC-normalised with trailing dots and spaces stripped (see `normalizeSegments`): the rule is asked
   * once per distinct form. `exact` are the same path's names exactly as they are (case and spelling
   * kept), the same for every form: an exception that lets a path through should compare these, since
   * folding case or spelling could turn a refused name into an allowed one. A rule that throws denies.
   */
  matches(names: readonly string[], exact: readonly string[]): boolean;
  /**
   * `matches` depends on its arguments alone (no file system, clock or state of its own), so its answer
   * for a path may be remembered: when every rule of a list is pure, {@link sensitiveRuleOf} asks about
   * each path once and remembers the verdict. The built-in rules are pure; a rule that does not say so is
   * asked on every read.
   */
  readonly pure?: boolean;
}

// Templates meant to be committed: scanners allow them (gitleaks' and GitHub's path lists skip them too).
const ENV_TEMPLATES = new Set(["example", "sample", "template"]);
const KEY_EXTENSIONS = [".pem", ".key", ".p12", ".pfx", ".ppk", ".jks", ".keystore", ".p8", ".pkcs12", ".kdbx", ".ovpn"];
// Copies editors and people leave beside a file: `id_rsa.bak`, `.env~`, `server.key.orig`.
const BACKUP_SUFFIXES = ["~", ".bak", ".backup", ".old", ".orig", ".save"];
const SSH_KEY_TYPES = ["rsa", "dsa", "ecdsa", "ed25519", "ecdsa_sk", "ed25519_sk"];
const DATA_EXTENSIONS = [".json", ".yml", ".yaml", ".toml"];

/**
 * The default sensitive list. Every name is compared after normalisation and case-insensitively, on the
 * path as asked and on its resolved target; a file name is compared with its backup suffixes (`~`,
 * `.bak`, `.backup`, `.old`, `.orig`, `.save`) stripped, so a copy is as sensitive as the file. The names
 * are those of secret scanners' path lists (gitrob's and shhgit's file signatures, gitleaks' path rules,
 * secretlint's) that hold credentials in every project, not only in some.
 */
export const DEFAULT_SENSITIVE_RULES: readonly SensitiveRule[] = Object.freeze([
  {
    id: "env-file",
    description: "an environment file (.env, .env.*)",
    pure: true,
    matches: (names) => isEnvFile(fileStem(names)),
  },
  {
    id: "ssh-private-key",
    description: "an SSH private key",
    pure: true,
    matches: (names) => {
      const name = fileStem(names);
      return SSH_KEY_TYPES.some((type) => name === `id_${type}` || name.endsWith(`_${type}`));
    },
  },
  named("deploy-key", "a deploy key (deploy_key, deploy-key)", ["deploy_key", "deploy-key", "deploy.key"]),
  {
    id: "key-file",
    description: "a private key or certificate store (*.pem, *.key, *.p12, *.pfx, *.ppk, *.jks, *.keystore)",
    pure: true,
    matches: (names) => {
      const name = fileStem(names);
      return KEY_EXTENSIONS.some((ext) => name.endsWith(ext));
    },
  },
  within("ssh-directory", "the SSH directory (.ssh/)", [".ssh"]),
  within("gnupg-directory", "the GnuPG directory (.gnupg/)", [".gnupg"]),
  within("git-internals", "git internals (.git/)", [".git"]),
  endsWith("aws-credentials", "AWS credentials (.aws/credentials)", [".aws", "credentials"]),
  within("azure-directory", "Azure CLI credentials (.azure/)", [".azure"]),
  within("gcloud-directory", "Google Cloud credentials (.config/gcloud/)", [".config", "gcloud"]),
  named("gcloud-adc", "Google Cloud application default credentials", ["application_default_credentials.json"]),
  {
    id: "cloud-credentials",
    description: "a credentials or service account file (credentials.json, credentials.xml, service-account*.json, client_secret*.json)",
    pure: true,
    matches: (names) => {
      const name = fileStem(names);
      if (name === "credentials.json" || name === "credentials.xml") return true;
      if (!name.endsWith(".json")) return false;
      return name.includes("service-account") || name.includes("service_account") || name.startsWith("client_secret");
    },
  },
  {
    id: "secrets-file",
    description: "a secrets file (.secrets, secrets.json, secrets.yml, secrets.yaml, secrets.toml)",
    pure: true,
    matches: (names) => {
      const name = fileStem(names);
      return name === ".secrets" || DATA_EXTENSIONS.some((ext) => name === `secrets${ext}`);
    },
  },
  {
    id: "terraform-state",
    description: "Terraform state (*.tfstate), which holds every secret the configuration handled",
    pure: true,
    matches: (names) => fileStem(names).endsWith(".tfstate"),
  },
  endsWith("docker-config", "Docker registry credentials (.docker/config.json)", [".docker", "config.json"]),
  endsWith("kube-config", "Kubernetes credentials (.kube/config)", [".kube", "config"]),
  {
    id: "kubeconfig",
    description: "a Kubernetes credentials file (kubeconfig, *.kubeconfig, kubeconfig.yaml)",
    pure: true,
    matches: (names) => {
      const name = fileStem(names);
      return name === "kubeconfig" || name.endsWith(".kubeconfig") || name === "kubeconfig.yaml" || name === "kubeconfig.yml";
    },
  },
  named("package-manager-credentials", "package manager credentials (.npmrc, .pypirc)", [".npmrc", ".pypirc"]),
  endsWith("cargo-credentials", "Cargo credentials (.cargo/credentials)", [".cargo", "credentials"]),
  endsWith("cargo-credentials-toml", "Cargo credentials (.cargo/credentials.toml)", [".cargo", "credentials.toml"]),
  endsWith("gem-credentials", "RubyGems credentials (.gem/credentials)", [".gem", "credentials"]),
  endsWith("gh-hosts", "GitHub CLI tokens (.config/gh/hosts.yml)", [".config", "gh", "hosts.yml"]),
  endsWith("terraform-credentials", "Terraform credentials (.terraform.d/credentials.tfrc.json)", [".terraform.d", "credentials.tfrc.json"]),
  named("tool-credentials", "a tool's credentials (.vault-token, .s3cfg, .boto, .dockercfg, .passwd-s3fs, .my.cnf, .mylogin.cnf, .terraformrc)", [
    ".vault-token",
    ".s3cfg",
    ".boto",
    ".dockercfg",
    ".passwd-s3fs",
    ".my.cnf",
    ".mylogin.cnf",
    ".terraformrc",
  ]),
  named("login-credentials", "login credentials (.netrc, _netrc, .git-credentials, .pgpass, .htpasswd)", [
    ".netrc",
    "_netrc",
    ".git-credentials",
    ".pgpass",
    ".htpasswd",
  ]),
  named("shell-history", "a shell or REPL history (.bash_history, .zsh_history, ...), where pasted tokens stay", [
    ".bash_history",
    ".zsh_history",
    ".sh_history",
    ".history",
    ".psql_history",
    ".mysql_history",
    ".python_history",
    ".node_repl_history",
    ".irb_history",
  ]),
]);

/**
 * The first rule that matches any of `paths` (absolute POSIX paths: the path as asked and where it
 * resolves), each compared as it is and normalised (`normalizeSegments`), lower-cased; `undefined` when
 * none does. Throws when a rule throws (the caller denies). When every rule of `rules` is pure, each
 * path's verdict is remembered for that list (its 1,024 latest paths), which must then not change.
 */
export function sensitiveRuleOf(rules: readonly SensitiveRule[], paths: readonly string[]): SensitiveRule | undefined {
  const remembered = verdictsOf(rules);
  for (const absolute of paths) {
    let found = remembered?.get(absolute);
    if (found === undefined) {
      const names = splitPath(absolute);
      found = findSensitiveRule(rules, [names, ...normalizeSegments(names)]) ?? null;
      if (remembered !== undefined) {
        if (remembered.size >= VERDICTS_KEPT) remembered.delete(remembered.keys().next().value ?? "");
        remembered.set(absolute, found);
      }
    }
    if (found !== null) return found;
  }
  return undefined;
}

// The verdicts of lists whose rules are all pure, by path (`null`: no rule matches), the oldest dropped
// first; `null` for a list with a rule that is not. A list is a tool's own, made once with the tool.
const verdicts = new WeakMap<readonly SensitiveRule[], Map<string, SensitiveRule | null> | null>();
const VERDICTS_KEPT = 1024;

function verdictsOf(rules: readonly SensitiveRule[]): Map<string, SensitiveRule | null> | undefined {
  let remembered = verdicts.get(rules);
  if (remembered === undefined) {
    remembered = rules.length > 0 && rules.every((rule) => rule.pure === true) ? new Map() : null;
    verdicts.set(rules, remembered);
  }
  return remembered ?? undefined;
}

/**
 * The first rule that matches one of the name lists of one path, or `undefined`. The first list is the
 * path's names exactly as they are (each rule's `exact`); each list is lower-cased before a rule sees it,
 * and a list that lower-cases to one already tried is skipped. Throws when a rule throws.
 */
export function findSensitiveRule(rules: readonly SensitiveRule[], nameLists: readonly (readonly string[])[]): SensitiveRule | undefined {
  const exact = nameLists[0] ?? [];
  const asked: (readonly string[])[] = [];
  for (const names of nameLists) {
    const lower = names.map((name) => name.toLowerCase());
    // A rule is given `lower` and `exact` only, and `exact` is the same for every list: a list that
    // lower-cases to one already asked about gets the same answers (plain ASCII names are their own forms).
    if (asked.some((earlier) => sameNames(earlier, lower))) continue;
    asked.push(lower);
    const found = rules.find((rule) => rule.matches(lower, exact));
    if (found !== undefined) return found;
  }
  return undefined;
}

function sameNames(a: readonly string[], b: readonly string[]): boolean {
  return a.length === b.length && a.every((name, index) => name === b[index]);
}

function named(id: string, description: string, fileNames: readonly string[]): SensitiveRule {
  return { id, description, pure: true, matches: (names) => fileNames.includes(fileStem(names)) };
}

/** The path's file name without its backup suffixes (`id_rsa.bak.orig~` is `id_rsa`). */
function fileStem(names: readonly string[]): string {
  let name = names.at(-1) ?? "";
  for (let stripped = true; stripped; ) {
    stripped = false;
    for (const suffix of BACKUP_SUFFIXES) {
      if (name.length > suffix.length && name.endsWith(suffix)) {
        name = name.slice(0, -suffix.length);
        stripped = true;
      }
    }
  }
  return name;
}

// `.env`, `.envrc`, `.env.local`, `.env-local`, `.env_prod`, `prod.env`; not `.env.example` and the like.
function isEnvFile(name: string): boolean {
  if (name === ".env" || name === ".envrc") return true;
  if (name.startsWith(".env") && name.length > 4 && ".-_".includes(name.charAt(4))) return !ENV_TEMPLATES.has(name.slice(5));
  return name.endsWith(".env") && name.length > 4;
}

// The path ends with these names: `.aws/credentials` protects that file wherever the home directory is.
function endsWith(id: string, description: string, tail: readonly string[]): SensitiveRule {
  const directories = tail.slice(0, -1);
  const file = tail.at(-1) ?? "";
  return {
    id,
    description,
    pure: true,
    matches: (names) => names.length >= tail.length && fileStem(names) === file && namesAt(names, names.length - tail.length, directories),
  };
}

// The path is this directory or lies anywhere under it.
function within(id: string, description: string, directory: readonly string[]): SensitiveRule {
  return {
    id,
    description,
    pure: true,
    matches: (names) => {
      for (let start = 0; start + directory.length <= names.length; start++) {
        if (namesAt(names, start, directory)) return true;
      }
      return false;
    },
  };
}

// Whether `names` holds `expected` from `start` on (a loop: the rules run on every path read).
function namesAt(names: readonly string[], start: number, expected: readonly string[]): boolean {
  for (let index = 0; index < expected.length; index++) if (names[start + index] !== expected[index]) return false;
  return true;
}
