/**
 * The default of `denied_patterns`: the deny patterns of forge's sandbox, in its order
 * (`DEFAULT_SANDBOX_DENY_PATTERNS`, danielchristiancazares/forge `tools/src/sandbox.rs`), then three
 * exceptions (`!`): environment templates hold no secrets, and the secrets policy every profile shares
 * reads them too. The last pattern that matches a path decides.
 */
export const DEFAULT_DENIED_PATTERNS = [
  "**/.ssh/**",
  "**/.gnupg/**",
  "**/.aws/**",
  "**/.azure/**",
  "**/.config/gcloud/**",
  "**/.git/**",
  "**/.git-credentials",
  "**/.npmrc",
  "**/.pypirc",
  "**/.netrc",
  "**/.env",
  "**/.env.*",
  "**/*.env",
  "**/id_rsa*",
  "**/id_ed25519*",
  "**/id_ecdsa*",
  "**/*.pem",
  "**/*.key",
  "**/*.p12",
  "**/*.pfx",
  "**/*.der",
  "**/core",
  "**/core.*",
  "**/*.core",
  "**/*.dmp",
  "**/*.mdmp",
  "**/*.stackdump",
  "!**/.env.example",
  "!**/.env.sample",
  "!**/.env.template",
] as const;
