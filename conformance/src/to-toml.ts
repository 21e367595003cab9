/**
 * Writes options as one TOML table at a dotted table path (`[tools.read_file]`). Values are strings,
 * finite numbers, booleans and arrays of those: what profile config tables hold. JSON string escapes are
 * valid TOML basic-string escapes.
 */
export function toToml(table: readonly string[], options: Readonly<Record<string, unknown>>): string {
  const header = `[${table.map(tomlKey).join(".")}]`;
  const lines = Object.entries(options).map(([key, value]) => `${tomlKey(key)} = ${tomlValue(value, key)}`);
  return `${header}\n${lines.join("\n")}\n`;
}

function tomlKey(key: string): string {
  return /^[A-Za-z0-9_-]+$/.test(key) ? key : JSON.stringify(key);
}

function tomlValue(value: unknown, key: string): string {
  if (typeof value === "string") return JSON.stringify(value);
  if (typeof value === "boolean") return String(value);
  if (typeof value === "number" && Number.isFinite(value)) return String(value);
  if (Array.isArray(value)) return `[${value.map((item) => tomlValue(item, key)).join(", ")}]`;
  throw new Error(`the option '${key}' cannot be written as TOML: ${JSON.stringify(value)}`);
}
