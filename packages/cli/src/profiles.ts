export { DEFAULT_PROFILE, PROFILES } from "@read/mcp/profiles";
