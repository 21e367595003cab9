/**
 * Made-up secrets of each format the secrets policy's content check knows, and near misses that must
 * read as they are. None is a real credential: each has the shape its scanner rule checks, no more.
 */
export const KEY_BODY = "MIIEowIBAAKCAQEAxK9mZ3Jx2X0x5Yk9eQf2cQ1s8pR7uVw3hN6tLm4oP0aBcDeFgHiJ";

/** A PEM private key block (RSA), five lines, with a final line feed. */
export const PEM_KEY = `-----BEGIN RSA PRIVATE KEY-----\n${KEY_BODY}\n${KEY_BODY}\nAbCd==\n-----END RSA PRIVATE KEY-----\n`;

const ONE_PASSWORD_ACCOUNT = {
  email: "ejwe64qmlxhri@1passwordserviceaccounts.lcl",
  muk: { alg: "A256GCM", ext: true, k: "M8VPfIc8VEfThcMXLaKCKF8sMh5JMZsPAtu92fQNb-o", key_ops: ["encrypt", "decrypt"], kty: "oct", kid: "mp" },
  secretKey: "A3-C4ZJMN-PQTZTL-HGL84-G64M7-KVZRN-4ZVP6",
  srpX: "870d67a9e626625d9e368507804c9c32e661c57e7e558778291bf29d5a279ae1",
  signInAddress: "gotham.b5local.com:4000",
  userAuth: { method: "SRPg-4096", alg: "PBES2g-HS256", iterations: 100000, salt: "FMRUPiyrN4Xf_8Hoh6YRXQ" },
};

/** One secret of each family: `text` holds it, `redacted` is what a read with the policy on returns. */
export const SECRET_FAMILIES: readonly { readonly family: string; readonly text: string; readonly redacted: string; readonly nearMiss: string }[] = [
  {
    family: "private-key",
    text: `notes\n${PEM_KEY}`,
    redacted: `notes\n${"[REDACTED private-key]\n".repeat(5)}`,
    nearMiss: "-----BEGIN RSA PRIVATE KEY-----\n...\n-----END RSA PRIVATE KEY-----\n",
  },
  {
    family: "aws-access-key-id",
    text: "const id = 'AKIA2E0A8F3B244C9986';\n",
    redacted: "const id = '[REDACTED aws-access-key-id]';\n",
    nearMiss: "const id = 'AKIAIOSFODNN7EXAMPLE'; // AWS's documentation key\n",
  },
  {
    family: "aws-secret-access-key",
    text: 'aws_secret_access_key = "wJalrXUtnFEMI/K7MDENG/bPxRfiCYAbCdEfGhIj"\n',
    redacted: 'aws_secret_access_key = "[REDACTED aws-secret-access-key]"\n',
    nearMiss: "const secretAccessKey = process.env.AWS_SECRET_ACCESS_KEY;\n",
  },
  {
    family: "github-token",
    text: "token: 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\n",
    redacted: "token: [REDACTED github-token]\n",
    nearMiss: "token: ghp_xxxxxxxx\n",
  },
  {
    family: "gitlab-token",
    text: "GITLAB_TOKEN=glpat-Xk3vR9sT2bW7qLm4Zp8N\n",
    redacted: "GITLAB_TOKEN=[REDACTED gitlab-token]\n",
    nearMiss: "GITLAB_TOKEN=glpat-...\n",
  },
  {
    family: "slack-token",
    text: "SLACK=xoxb-123456789012-1234567890123-AbCdEfGhIjKlMnOpQrStUvWx\n",
    redacted: "SLACK=[REDACTED slack-token]\n",
    nearMiss: "Slack bot tokens start with xoxb-\n",
  },
  {
    family: "incoming-webhook",
    text: "url: https://hooks.slack.com/services/T01ABCDEF23/B04GHIJKL56/AbCdEfGhIjKlMnOpQrStUvWx\n",
    redacted: "url: [REDACTED incoming-webhook]\n",
    nearMiss: "url: https://hooks.slack.com/services/\n",
  },
  {
    family: "stripe-secret-key",
    text: "stripe.key = 'sk_live_4eC39HqLyjWDarjtT1zdp7dc';\n",
    redacted: "stripe.key = '[REDACTED stripe-secret-key]';\n",
    nearMiss: "stripe.key = 'sk_live_...';\n",
  },
  {
    family: "npm-access-token",
    text: "NPM_TOKEN=npm_abcdefghijklmnopqrstuvwxyz0123456789\n",
    redacted: "NPM_TOKEN=[REDACTED npm-access-token]\n",
    nearMiss: "NPM_TOKEN=npm_short\n",
  },
  {
    family: "openai-token",
    text: `OPENAI_API_KEY=sk-proj-${"a1B2c3D4e5".repeat(7)}abcdT3BlbkFJ${"z9Y8x7W6v5".repeat(7)}abcd\n`,
    redacted: "OPENAI_API_KEY=[REDACTED openai-token]\n",
    nearMiss: "OPENAI_API_KEY=sk-proj-...\n",
  },
  {
    family: "anthropic-api-key",
    text: `key=sk-ant-api03-${"Ab3dEf6hIj".repeat(9)}xyzAA\n`,
    redacted: "key=[REDACTED anthropic-api-key]\n",
    nearMiss: "key=sk-ant-api03-short\n",
  },
  {
    family: "sendgrid-key",
    text: "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\n",
    redacted: "[REDACTED sendgrid-key]\n",
    nearMiss: "msg.send(SG.value);\n",
  },
  {
    family: "shopify-key",
    text: "shpat_0123456789abcdef0123456789abcdef\n",
    redacted: "[REDACTED shopify-key]\n",
    nearMiss: "shpat_0123\n",
  },
  {
    family: "linear-api-token",
    text: "lin_api_0123456789abcdefghijABCDEFGHIJ0123456789\n",
    redacted: "[REDACTED linear-api-token]\n",
    nearMiss: "lin_api_short\n",
  },
  {
    family: "ops-token",
    text: `OP_SERVICE_ACCOUNT_TOKEN=ops_${Buffer.from(JSON.stringify(ONE_PASSWORD_ACCOUNT)).toString("base64")}\n`,
    redacted: "OP_SERVICE_ACCOUNT_TOKEN=[REDACTED ops-token]\n",
    nearMiss: "OP_SERVICE_ACCOUNT_TOKEN=ops_eyJ...\n",
  },
];

/** Ordinary code and prose the content check must leave alone. */
export const ORDINARY_TEXT = [
  "const key = process.env.API_KEY;\n",
  "// A PEM block starts with -----BEGIN and a label, and ends with -----END.\n",
  "export const secret = await vault.read('db/password');\n",
  "Deploy to Asia (ap-southeast-1) with msg.send(...).\n",
].join("");
