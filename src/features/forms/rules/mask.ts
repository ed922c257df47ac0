import { moreMessages } from '../more-messages.ts';

/**
 * An input mask (seed §5): `9` stands for a digit, `a` for a letter, `*` for a letter or
 * digit; every other character is part of the mask and typed for the visitor. The browser's
 * mask library and the server's check share this reading of it.
 */
export type MaskSlot = RegExp | string;

export function maskSlots(mask: string): MaskSlot[] {
  return Array.from(mask, (char) => {
    if (char === '9') return /\d/;
    if (char === 'a' || char === 'A') return /\p{L}/u;
    if (char === '*') return /[\p{L}\d]/u;
    return char;
  });
}

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&');

export function maskPattern(mask: string): RegExp {
  const body = maskSlots(mask)
    .map((slot) => (typeof slot === 'string' ? escapeRegExp(slot) : slot.source))
    .join('');
  return new RegExp(`^${body}$`, 'u');
}

/** "Please fill out the field in required format." when the value does not fill the mask. */
export function maskError(mask: string, value: string): string | undefined {
  if (value === '') return undefined;
  return maskPattern(mask).test(value) ? undefined : moreMessages.maskIncomplete;
}

/** What the input shows while empty: the mask with its slots as underscores. */
export const maskPlaceholder = (mask: string) =>
  Array.from(mask, (char) => (/[9a*]/i.test(char) ? '_' : char)).join('');
