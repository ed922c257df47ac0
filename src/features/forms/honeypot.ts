import type { FormDefinition } from './form-definition.ts';

/**
 * The honeypot's field id (seed §3): the first unused integer below the form's highest field
 * id, or the highest plus one when every id below it is taken.
 */
export function honeypotFieldId(definition: FormDefinition): number {
  const ids = new Set(definition.fields.map((f) => f.id));
  const highest = Math.max(0, ...ids);
  for (let id = 1; id < highest; id++) if (!ids.has(id)) return id;
  return highest + 1;
}

/** Its label: 3 words picked at random from the form's own labels. */
export function honeypotLabel(definition: FormDefinition, random = Math.random): string {
  const words = definition.fields
    .flatMap((f) => f.label.split(/[^\p{L}\p{N}]+/u))
    .filter((w) => w.length > 1);
  const pool = words.length > 0 ? words : ['Your', 'Message', 'Comment'];
  return Array.from({ length: 3 }, () => pool[Math.floor(random() * pool.length)]).join(' ');
}
