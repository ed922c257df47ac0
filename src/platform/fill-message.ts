/**
 * Fills a catalogue message's `{name}` placeholders; unknown placeholders stay as they are.
 * Isomorphic and tiny, so the form island can carry it.
 */
export function fill(template: string, values: Record<string, string | number>): string {
  return template.replace(/\{([^{}]+)\}/g, (whole, name: string) =>
    name in values ? String(values[name]) : whole,
  );
}
