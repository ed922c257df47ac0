import { fill } from '../../../platform/fill-message.ts';
import { displayValue, type FormValues } from '../field-values.ts';
import type { FormField } from '../form-definition.ts';
import { moreMessages } from '../more-messages.ts';

/** The names of zxcvbn's scores 0–4, for the meter and the message. */
export const strengthNames = ['Very weak', 'Weak', 'Fair', 'Strong', 'Very strong'] as const;

/** Scores a password 0–4 (zxcvbn); `userInputs` are the form's other answers, which are weak. */
export type PasswordScorer = (password: string, userInputs: string[]) => number;

export function strengthError(
  password: string,
  level: number | undefined,
  score: PasswordScorer | undefined,
  userInputs: string[],
): string | undefined {
  if (password === '' || level === undefined || !score) return undefined;
  const measured = score(password, userInputs);
  if (measured >= level) return undefined;
  return fill(moreMessages.passwordWeak, {
    strength: strengthNames[measured] ?? strengthNames[0],
    level: strengthNames[level] ?? strengthNames[4],
  });
}

/** The visitor's other answers (name, e-mail…), which zxcvbn counts as easy to guess. */
export function passwordUserInputs(
  definition: { fields: readonly FormField[] },
  values: FormValues,
): string[] {
  return definition.fields
    .filter((f) => ['name', 'email', 'text', 'phone'].includes(f.type))
    .flatMap((f) => {
      const words =
        displayValue(f, values[f.id])
          .toLowerCase()
          .match(/[\p{L}\d]+/gu) ?? [];
      // Each word, and the words run together ("annasmith"), as passwords often have them.
      return words.length > 1 ? [...words, words.join('')] : words;
    });
}
