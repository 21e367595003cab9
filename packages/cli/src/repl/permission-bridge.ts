import type { PermissionRequester } from "@read/core";

/**
 * Connects the tool, created before the UI exists, to the UI that asks the person. The tool holds
 * `requester`; the UI attaches an asker while it is mounted. A request that arrives while no asker is
 * attached fails (no one could be asked), which the tool reports as a denial that no person made.
 */
export interface PermissionBridge {
  readonly requester: PermissionRequester;
  /** Routes requests to `asker` until the returned function is called. */
  attach(asker: PermissionRequester): () => void;
}

/** Creates a {@link PermissionBridge} with no asker attached. */
export function createPermissionBridge(): PermissionBridge {
  let current: PermissionRequester | undefined;
  return {
    requester: (request) => (current === undefined ? Promise.reject(new Error("no permission prompt is shown")) : current(request)),
    attach(asker) {
      current = asker;
      return () => {
        if (current === asker) current = undefined;
      };
    },
  };
}
