/** The value at a dotted path of a JSON value (`data.content`), or `undefined` when any step is missing. */
export function outputField(output: unknown, path: string): unknown {
  let value: unknown = output;
  for (const key of path.split(".")) {
    if (typeof value !== "object" || value === null || Array.isArray(value) || !Object.hasOwn(value, key)) return undefined;
    value = (value as Record<string, unknown>)[key];
  }
  return value;
}

/** A copy of a JSON value with the field at a dotted path replaced; unchanged when the field is missing. */
export function withOutputField(output: unknown, path: string, replace: (value: unknown) => unknown): unknown {
  const [key, ...rest] = path.split(".");
  if (key === undefined || typeof output !== "object" || output === null || Array.isArray(output) || !Object.hasOwn(output, key)) {
    return output;
  }
  const record = output as Record<string, unknown>;
  const next = rest.length === 0 ? replace(record[key]) : withOutputField(record[key], rest.join("."), replace);
  return { ...record, [key]: next };
}
