import { fill } from '../../../platform/fill-message.ts';
import { formMessages } from '../messages.ts';

export type TextLimit = { count: number; mode: 'characters' | 'words' };

/**
 * Code points, so an emoji counts once (`'😀'.length` is 2). A line break counts once too: a
 * textarea gives the script `\n` but submits `\r\n`, and the server must count what the
 * visitor saw.
 */
export function countCharacters(text: string): number {
  return Array.from(text.replace(/\r\n?/g, '\n')).length;
}

/** Runs of non-whitespace (Unicode whitespace included). */
export function countWords(text: string): number {
  return text.match(/\S+/g)?.length ?? 0;
}

function countFor(value: string, limit: TextLimit): number {
  return limit.mode === 'characters' ? countCharacters(value) : countWords(value);
}

export function counterText(value: string, limit: TextLimit): string {
  const template =
    limit.mode === 'characters' ? formMessages.characterCounter : formMessages.wordCounter;
  return fill(template, { count: countFor(value, limit), limit: limit.count });
}

export function limitError(value: string, limit: TextLimit): string | undefined {
  if (countFor(value, limit) <= limit.count) return undefined;
  const template =
    limit.mode === 'characters' ? formMessages.characterLimit : formMessages.wordLimit;
  return fill(template, { limit: limit.count });
}
