import { describe, expect, test } from "vitest";
import { DEFAULT_SENSITIVE_RULES, sensitiveRuleOf } from "../src/index.js";

const ruleOf = (name: string) => sensitiveRuleOf(DEFAULT_SENSITIVE_RULES, [`/w/${name}`])?.id;

describe("issue 30 case 6: the sensitive list covers the common credential files", () => {
  test.each([
    [".envrc", "env-file"],
    [".env-local", "env-file"],
    [".env_prod", "env-file"],
    [".env~", "env-file"],
    [".env.local.bak", "env-file"],
    ["prod.env", "env-file"],
    ["credentials.json", "cloud-credentials"],
    ["service-account.json", "cloud-credentials"],
    ["my-project-service_account.json", "cloud-credentials"],
    ["client_secret_123.apps.googleusercontent.com.json", "cloud-credentials"],
    ["credentials.xml", "cloud-credentials"],
    ["terraform.tfstate", "terraform-state"],
    ["terraform.tfstate.backup", "terraform-state"],
    ["kubeconfig", "kubeconfig"],
    ["prod.kubeconfig", "kubeconfig"],
    [".vault-token", "tool-credentials"],
    [".s3cfg", "tool-credentials"],
    [".boto", "tool-credentials"],
    [".my.cnf", "tool-credentials"],
    ["id_rsa.bak", "ssh-private-key"],
    ["id_ed25519.orig", "ssh-private-key"],
    ["github_rsa", "ssh-private-key"],
    ["deploy_key", "deploy-key"],
    ["server.key.bak", "key-file"],
    ["AuthKey_ABC.p8", "key-file"],
    ["secrets.yml", "secrets-file"],
    [".bash_history", "shell-history"],
    ["home/.aws/credentials.bak", "aws-credentials"],
  ])("%s is refused by %s", (name, rule) => {
    expect(ruleOf(name)).toBe(rule);
  });

  test.each([
    ".env.example",
    ".env.sample",
    ".env.template",
    ".env-example",
    ".env_sample.bak",
    "env.ts",
    ".environment",
    "id_rsa.pub",
    "github_rsa.pub",
    "keys.ts",
    "key.json",
    "credentials.ts",
    "account.json",
    "secrets.ts",
    "terraform.tfvars.example",
    "kubeconfig.md",
    "notes.txt",
    "node_modules/.pnpm/zod@4.0.0/node_modules/zod/index.js",
  ])("%s still reads", (name) => {
    expect(ruleOf(name)).toBeUndefined();
  });
});
