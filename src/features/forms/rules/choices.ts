import { fill } from '../../../platform/fill-message.ts';
import { formMessages } from '../messages.ts';

/** `limit` 0 means the field sets no limit. */
export function choiceLimitError(selectedCount: number, limit: number): string | undefined {
  return limit > 0 && selectedCount > limit
    ? fill(formMessages.choiceLimit, { '#': limit })
    : undefined;
}

/** Compared exactly, without trimming or case folding: the point is to catch a mistyped copy. */
export function confirmationError(value: string, confirmation: string): string | undefined {
  return value === confirmation ? undefined : formMessages.confirmation;
}
