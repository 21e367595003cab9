export { main, USAGE, type CliIo } from "./main.js";
export { CONFIG_ENV, CONFIG_FILE_NAME, loadConfig, userConfigPath, type ConfigContext, type LoadedConfig } from "./load-config.js";
export { readForPeople, DEFAULT_PEOPLE_LINES, PEOPLE_PAGE_BYTES, type PeopleWindow } from "./read-for-people.js";
export { UsageError } from "./usage-error.js";
