import { describe, expect, test } from "vitest";
import { createGuard, createTool } from "../src/index.js";
import { recordingRequester, scratch } from "./support/scratch.js";

// Three links out of the root, named alike so that their answers can be compared whole: into /etc, into
// an ordinary outside directory, and to a secret outside.
function links() {
  const s = scratch();
  s.write("outside/plain/notes.txt", "outside notes\n");
  s.write("outside/keys/.env", "TOKEN=outside\n");
  s.symlink("ws/link-a", "/etc/hostname");
  s.symlink("ws/link-b", "../outside/plain/notes.txt");
  s.symlink("ws/link-c", "../outside/keys/.env");
  return s;
}

const LINKS = ["link-a", "link-b", "link-c"] as const;

describe("issue 30 case 7: the guard answers an unapproved outside path the same way whatever its target", () => {
  test("without a person to ask, a link into /etc, into an ordinary directory and to a secret get one answer", async () => {
    const s = links();
    const tool = createTool({ root: s.root });
    for (const path of LINKS) expect({ path, output: await tool.call({ path }) }).toEqual({ path, output: { error: "permission denied: user approval required but not available" } });
  });

  test("a person who denies: one answer naming the path as asked, and each request shows the person the target", async () => {
    const s = links();
    const { requests, requester } = recordingRequester("deny");
    const tool = createTool({ root: s.root, requester });
    for (const path of LINKS) expect({ path, output: await tool.call({ path }) }).toEqual({ path, output: { error: `permission denied by user: read access rejected for path "${path}"` } });
    expect(requests.map((request) => request.resolvedPath)).toEqual(["/etc/hostname", `${s.outside}/plain/notes.txt`, `${s.outside}/keys/.env`]);
  });

  test("once a person allows: the location and the secret are denied by policy, the ordinary file is read", async () => {
    const s = links();
    const { requests, requester } = recordingRequester("allow");
    const tool = createTool({ root: s.root, requester });
    expect(await tool.call({ path: "link-a" })).toEqual({ error: 'permission denied by policy: path "link-a" is blocked' });
    expect(await tool.call({ path: "link-b" })).toEqual({ path: `${s.outside}/plain/notes.txt`, content: "outside notes\n", bytes_read: 14 });
    expect(await tool.call({ path: "link-c" })).toEqual({ error: 'permission denied by policy: path "link-c" is blocked' });
    expect(requests).toHaveLength(3);
  });

  test("the decision: pending with the same message, the target's denial held back and nothing to open", () => {
    const s = links();
    const guard = createGuard({ root: s.root });
    const [etc, plain, secret] = LINKS.map((path) => guard.checkPath(path, "read"));
    for (const [path, decision] of [["link-a", etc], ["link-b", plain], ["link-c", secret]] as const) {
      expect({ decision: decision?.decision, message: decision?.message }).toEqual({ decision: "pending", message: `'${path}' is outside the working directory: reading it needs the user's permission.` });
    }
    expect(etc).toMatchObject({ inside: false, resolved: "/etc/hostname", afterApproval: { decision: "denied", reason: "blocked", rule: "/etc", message: "'link-a' is in the blocked location '/etc'." } });
    expect(etc).not.toHaveProperty("target");
    expect(secret).toMatchObject({ afterApproval: { decision: "denied", reason: "sensitive", rule: "env-file" } });
    expect(secret).not.toHaveProperty("target");
    expect(plain).not.toHaveProperty("afterApproval");
    expect(plain).toHaveProperty("target.absolute", `${s.outside}/plain/notes.txt`);
  });

  test("what the path as asked names is the model's own words: a location or a secret spelt out is denied at once, without asking", async () => {
    const s = links();
    const { requests, requester } = recordingRequester("allow");
    const tool = createTool({ root: s.root, requester });
    for (const path of ["/etc/hostname", "../outside/keys/.env", `${s.root}/../../../../etc/passwd`]) {
      expect({ path, output: await tool.call({ path }) }).toEqual({ path, output: { error: `permission denied by policy: path "${path}" is blocked` } });
    }
    expect(requests).toEqual([]);
  });

  test("a blocked pattern and a gitignore rule on the outside target wait for the answer too; inside the root, a target's denial is immediate", async () => {
    const s = scratch();
    s.write(".gitignore", "*.log\n");
    s.write("outside/app.log", "log\n");
    s.write("outside/dump.sql", "sql\n");
    s.write("ws/plain.txt", "plain\n");
    s.symlink("ws/to-log", "../outside/app.log");
    s.symlink("ws/to-sql", "../outside/dump.sql");
    s.symlink("ws/.npmrc", "plain.txt");
    s.symlink("ws/to-npmrc", ".npmrc");
    s.mkdir(".git");
    const guard = createGuard({ root: s.root, blocked: ["*.sql"] });
    expect(guard.checkPath("to-log", "read")).toMatchObject({ decision: "pending", afterApproval: { reason: "gitignored", rule: "*.log" } });
    expect(guard.checkPath("to-sql", "read")).toMatchObject({ decision: "pending", afterApproval: { reason: "blocked", rule: "*.sql" } });
    expect(guard.checkPath(".npmrc", "read")).toMatchObject({ decision: "denied", reason: "sensitive" });
    // A link inside to an inside link whose name is a secret's: the target is plain.txt, the name as asked is innocent.
    expect(guard.checkPath("to-npmrc", "read")).toMatchObject({ decision: "granted", resolved: `${s.root}/plain.txt` });
  });
});
