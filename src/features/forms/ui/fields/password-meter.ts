import { loadPasswordScorer } from '../../password-strength.ts';
import type { PasswordScorer } from '../../rules/password.ts';

/** The strength meter's scorer (zxcvbn), loaded when a password field is first focused. */
export const scorer: PasswordScorer = await loadPasswordScorer();
