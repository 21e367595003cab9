import { afterEach, describe, expect, test } from "vitest";
import { createGuard, createTool, DEFAULT_BLOCKED_LOCATIONS, profile } from "../src/index.js";
import { recordingRequester, scratch } from "./support/scratch.js";
import { verdict } from "./support/verdict.js";

const savedHome = process.env["HOME"];
afterEach(() => {
  if (savedHome === undefined) delete process.env["HOME"];
  else process.env["HOME"] = savedHome;
});

describe("GUARD-ref-default-blocked: the reference's default blocked locations", () => {
  test("the list is the reference's, in its order", () => {
    expect(DEFAULT_BLOCKED_LOCATIONS).toEqual(["/etc", "/usr", "/bin", "/sbin", "/lib", "/lib64", "/proc", "/sys", "/dev", "/root"]);
  });

  test("a path in any of them is denied by policy without asking, in the reference's words", async () => {
    const s = scratch();
    const { requests, requester } = recordingRequester("allow");
    const tool = createTool({ root: s.root, requester });
    for (const location of DEFAULT_BLOCKED_LOCATIONS) {
      const path = `${location}/some/file`;
      expect(await tool.call({ path })).toEqual({ error: `permission denied by policy: path "${path}" is blocked` });
      expect(createGuard({ root: s.root }).checkPath(location, "read")).toMatchObject({ decision: "denied", reason: "blocked", rule: location });
    }
    expect(requests).toEqual([]);
  });

  test("locations are matched on path components, not string prefixes", () => {
    const guard = createGuard({ root: scratch().root });
    for (const path of ["/etcetera/x", "/usr2/x", "/library/x", "/devel/x", "/binaries", "/system/x", "/rootfs/x"]) {
      expect({ path, verdict: verdict(guard.checkPath(path, "read")) }).toEqual({ path, verdict: "pending" });
    }
  });

  test("the path as asked and its resolved target both count: a lexical escape, a link into /etc, /lib64 through /usr/lib64", () => {
    const s = scratch();
    s.symlink("ws/hosts", "/etc/hostname");
    s.symlink("outside/system", "/usr/lib");
    const guard = createGuard({ root: s.root });
    expect(guard.checkPath(`${s.root}/../../../../../../etc/passwd`, "read")).toMatchObject({ decision: "denied", reason: "blocked", rule: "/etc" });
    expect(guard.checkPath("/lib64/x", "read")).toMatchObject({ decision: "denied", reason: "blocked" });
    // A target in a location is denied once a person allowed the read; before, it is pending like any outside path (issue 30 case 7).
    expect(guard.checkPath("hosts", "read")).toMatchObject({ decision: "pending", afterApproval: { decision: "denied", reason: "blocked", rule: "/etc" } });
    expect(guard.checkPath("../outside/system/os-release", "read")).toMatchObject({ decision: "pending", afterApproval: { decision: "denied", reason: "blocked", rule: "/usr" } });
  });

  test("a root inside a location is not blocked because of it; paths outside the root there still are", () => {
    const guard = createGuard({ root: "/usr/share" });
    expect(verdict(guard.checkPath("some/file", "read"))).toBe("granted");
    expect(guard.checkPath("/usr/bin/env", "read")).toMatchObject({ decision: "denied", reason: "blocked", rule: "/usr" });
    expect(guard.checkPath("/etc/passwd", "read")).toMatchObject({ decision: "denied", reason: "blocked", rule: "/etc" });
  });

  test("every entry of the home directory whose name starts with a dot is blocked, and everything under it", () => {
    const s = scratch();
    s.write("home/.bashrc", "export A=1\n");
    s.write("home/.config/app/settings.json", "{}\n");
    s.write("home/notes.txt", "notes\n");
    s.symlink("home-link", "home");
    s.symlink("ws/rc", "../home/.bashrc");
    process.env["HOME"] = `${s.base}/home-link`;
    const guard = createGuard({ root: s.root });
    const cases: Record<string, string> = {
      [`${s.base}/home/.bashrc`]: "~/.bashrc",
      [`${s.base}/home-link/.bashrc`]: "~/.bashrc",
      [`${s.base}/home/.config/app/settings.json`]: "~/.config",
    };
    for (const [path, rule] of Object.entries(cases)) expect({ path, ...guard.checkPath(path, "read") }).toMatchObject({ path, decision: "denied", reason: "blocked", rule });
    expect(guard.checkPath("rc", "read")).toMatchObject({ decision: "pending", afterApproval: { decision: "denied", reason: "blocked", rule: "~/.bashrc" } });
    expect(verdict(guard.checkPath(`${s.base}/home/notes.txt`, "read"))).toBe("pending");
  });

  test("a root inside a dot entry of home is not blocked because of it", () => {
    const s = scratch();
    s.write("home/.config/app/a.txt", "a\n");
    s.write("home/.config/other.txt", "o\n");
    process.env["HOME"] = `${s.base}/home`;
    const guard = createGuard({ root: `${s.base}/home/.config/app` });
    expect(verdict(guard.checkPath("a.txt", "read"))).toBe("granted");
    expect(guard.checkPath("../other.txt", "read")).toMatchObject({ decision: "denied", reason: "blocked", rule: "~/.config" });
  });

  test("a root that holds the home directory still blocks its dot entries, inside the root too", () => {
    const s = scratch();
    s.write("ws/.bashrc", "export A=1\n");
    s.write("ws/.config/app/settings.json", "{}\n");
    s.write("ws/notes.txt", "notes\n");
    process.env["HOME"] = s.root;
    const guard = createGuard({ root: s.root });
    expect(guard.checkPath(".bashrc", "read")).toMatchObject({ decision: "denied", reason: "blocked", rule: "~/.bashrc" });
    expect(guard.checkPath(".config/app/settings.json", "read")).toMatchObject({ decision: "denied", reason: "blocked", rule: "~/.config" });
    expect(verdict(guard.checkPath("notes.txt", "read"))).toBe("granted");
  });

  test("a root that holds system locations (the file system's root) still blocks them, inside the root too", () => {
    // No usable home directory: only the system locations lie inside this root.
    process.env["HOME"] = "relative-home";
    const guard = createGuard({ root: "/" });
    expect(guard.checkPath("etc/passwd", "read")).toMatchObject({ decision: "denied", reason: "blocked", rule: "/etc" });
    expect(guard.checkPath("/usr/bin/env", "read")).toMatchObject({ decision: "denied", reason: "blocked", rule: "/usr" });
  });

  test("default_blocked = false turns them off: they are outside the root, so they are asked about", async () => {
    const s = scratch();
    const { requests, requester } = recordingRequester("deny");
    expect(profile.parseConfig({ default_blocked: false })).toMatchObject({ default_blocked: false });
    expect(await createTool({ root: s.root, requester, default_blocked: false }).call({ path: "/etc/passwd" })).toEqual({
      error: 'permission denied by user: read access rejected for path "/etc/passwd"',
    });
    expect(requests).toHaveLength(1);
    expect(verdict(createGuard({ root: s.root, defaultBlocked: false }).checkPath("/etc/passwd", "read"))).toBe("pending");
  });
});
