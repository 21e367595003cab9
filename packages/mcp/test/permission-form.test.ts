import { expect, test } from "vitest";
import { permissionForm } from "../src/elicitation-requester.js";

test("GUARD-4.2: the permission form escapes control characters in both paths, so a file name cannot add a line to the prompt or repaint the client's screen", () => {
  const form = permissionForm({ tool: "read_file", requestedPath: "../x\nResolved: /safe\u001b[2J.txt", resolvedPath: "/tmp/x\nResolved: /safe\u001b[2J.txt", operation: "read" });
  expect(form.message).toBe("Allow ReadFile?\nTool: read_file\nPath: ../x\\nResolved: /safe\\x1b[2J.txt\nResolved: /tmp/x\\nResolved: /safe\\x1b[2J.txt");
  expect(form.requestedSchema.properties.decision).toMatchObject({ description: "Allow read_file to read /tmp/x\\nResolved: /safe\\x1b[2J.txt?" });
});

test("GUARD-4.2: an ordinary path is shown as it is", () => {
  expect(permissionForm({ tool: "read_file", requestedPath: "../notes.md", resolvedPath: "/home/me/notes.md", operation: "read" }).message).toBe(
    "Allow ReadFile?\nTool: read_file\nPath: ../notes.md\nResolved: /home/me/notes.md",
  );
});
