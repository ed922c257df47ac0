/** Paths into a form definition, as the generated panel and the JSON tab name them. */
export type Value = unknown;
export type Path = ReadonlyArray<string | number>;
export const pathKey = (path: Path) => path.join('.');
export const inputId = (path: Path) => `fb-${path.join('-')}`;

/** A copy of `root` with `value` at `path` (undefined removes the key). */
export function setAt(root: Value, path: Path, value: Value): Value {
  if (path.length === 0) return value;
  const [head, ...rest] = path as [string | number, ...Path];
  if (Array.isArray(root)) {
    const copy = [...root];
    copy[head as number] = setAt(copy[head as number], rest, value);
    return copy;
  }
  const copy = { ...((root ?? {}) as Record<string, Value>) };
  const next = setAt(copy[head], rest, value);
  if (next === undefined) delete copy[head];
  else copy[head] = next;
  return copy;
}

export function getAt(root: Value, path: Path): Value {
  let current = root;
  for (const key of path) current = (current as Record<string | number, Value> | undefined)?.[key];
  return current;
}
