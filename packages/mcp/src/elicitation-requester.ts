import { escapeText, quoteText, type PermissionRequest, type PermissionRequester } from "@read/core";
import type { Server } from "@modelcontextprotocol/sdk/server/index.js";
import type { ElicitRequestFormParams, RequestId } from "@modelcontextprotocol/sdk/types.js";

/** The two answers the person is offered, as the guard spec names them (GUARD-4.3). */
export const PERMISSION_CHOICES = ["Allow", "Deny"] as const;

/** The call a permission is asked for: its id and signal tie the prompt to the `tools/call` request. */
export interface ElicitationCall {
  readonly requestId: RequestId;
  readonly signal: AbortSignal;
  /** Collects a sentence for the caller when a read was denied without asking anyone. */
  readonly note: (text: string) => void;
}

/**
 * The form a pending read is put to the person with: the guard spec's prompt (title `Allow ReadFile?`,
 * the tool, the path as asked, the resolved path) as the message, and one required choice, Allow or Deny.
 * The paths are escaped ({@link escapeText}): a file name with a newline or a terminal escape cannot add
 * a line to the prompt or repaint the client's screen while the person decides.
 */
export function permissionForm(request: PermissionRequest): ElicitRequestFormParams {
  const requested = escapeText(request.requestedPath);
  const resolved = escapeText(request.resolvedPath);
  return {
    mode: "form",
    message: ["Allow ReadFile?", `Tool: ${request.tool}`, `Path: ${requested}`, `Resolved: ${resolved}`].join("\n"),
    requestedSchema: {
      type: "object",
      properties: {
        decision: {
          type: "string",
          title: "Allow ReadFile?",
          description: `Allow ${request.tool} to read ${resolved}?`,
          enum: [...PERMISSION_CHOICES],
        },
      },
      required: ["decision"],
    },
  };
}

/**
 * A {@link PermissionRequester} that asks the person through the MCP client's form elicitation
 * (`elicitation/create`), every time it is called. Only an accepted form whose choice is `Allow` allows;
 * Deny, a declined or cancelled form and a failed request deny; a client without form elicitation
 * answers "unavailable" (no one could be asked). The last two leave a note saying why. The notes reach the model: they name the path as it asked
 * for it, never where it resolves (that is for the person, in the form). `currentCall` gives the
 * `tools/call` being served.
 */
export function elicitationRequester(server: Server, currentCall: () => ElicitationCall | undefined): PermissionRequester {
  return async (request) => {
    const call = currentCall();
    if (call === undefined) throw new Error("a permission request outside a tools/call");
    if (server.getClientCapabilities()?.elicitation?.form === undefined) {
      call.note(
        `The read of ${quoteText(request.requestedPath)} needs a person's permission, and this MCP client cannot ask ` +
          "(it did not declare the elicitation capability), so it was denied. Read a path the workspace " +
          "policy grants, or use a client that supports elicitation.",
      );
      return "unavailable";
    }
    try {
      const answer = await server.elicitInput(permissionForm(request), { relatedRequestId: call.requestId, signal: call.signal });
      return answer.action === "accept" && answer.content?.["decision"] === "Allow" ? "allow" : "deny";
    } catch (error) {
      call.note(`Asking for permission to read ${quoteText(request.requestedPath)} failed (${escapeText((error as Error).message)}), so it was denied.`);
      return "deny";
    }
  };
}
