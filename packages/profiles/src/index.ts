export { DEFAULT_PROFILE, PROFILE_ENTRIES } from "./profile-entries.js";
export type { ProfileEntry } from "./profile-entry.js";
export { UnknownProfileError, findProfile, isModuleSpecifier, isProfileModule, loadAllProfiles, loadProfile } from "./load-profile.js";
