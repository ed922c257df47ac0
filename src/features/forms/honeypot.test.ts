import { describe, expect, it } from 'vitest';
import { type FormDefinitionInput, formDefinitionSchema } from './form-definition.ts';
import { honeypotFieldId, honeypotLabel } from './honeypot.ts';

const form = (ids: number[], labels: string[] = []) =>
  formDefinitionSchema.parse({
    title: 'T',
    fields: ids.map((id, i) => ({ id, type: 'text', label: labels[i] ?? '' })),
  } satisfies FormDefinitionInput);

describe('honeypot field id', () => {
  it('is the first unused id below the highest', () => {
    expect(honeypotFieldId(form([1, 2, 5]))).toBe(3);
    expect(honeypotFieldId(form([2, 3]))).toBe(1);
  });
  it('is the highest plus one when every id below is taken', () => {
    expect(honeypotFieldId(form([1, 2, 3]))).toBe(4);
    expect(honeypotFieldId(form([1]))).toBe(2);
    expect(honeypotFieldId(form([]))).toBe(1);
  });
});

describe('honeypot label', () => {
  it('is 3 words taken from the form labels', () => {
    const definition = form([1, 2], ['Your name', 'Favourite colour']);
    const label = honeypotLabel(definition);
    const words = label.split(' ');
    expect(words).toHaveLength(3);
    for (const word of words) expect(['Your', 'name', 'Favourite', 'colour']).toContain(word);
  });
  it('picks by the random source', () => {
    const definition = form([1], ['Alpha Beta Gamma']);
    const sequence = [0, 0.5, 0.99];
    expect(honeypotLabel(definition, () => sequence.shift() ?? 0)).toBe('Alpha Beta Gamma');
  });
});
