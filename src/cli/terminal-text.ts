/**
 * Characters that must not reach a terminal as they are: control characters (C0, DEL, C1; ESC
 * starts the escape sequences that clear the screen, move the cursor or set the window title,
 * and C1's CSI does the same alone), line and paragraph separators, and the bidirectional
 * controls that make text display in another order than it is stored. The backslash is
 * escaped too, so that an escape in the output always means the character, never the text.
 */
const unsafeForTerminal = /[\\\p{Cc}\u061c\u200e\u200f\u2028\u2029\u202a-\u202e\u2066-\u2069]/gu;

/**
 * Text from visitors (paths, titles, referrers, campaign and event names) made safe to print:
 * every unsafe character is shown as a visible escape such as `\x1b` or `\u{202e}`.
 */
export function escapeForTerminal(text: string): string {
  return text.replace(unsafeForTerminal, (character) => {
    if (character === '\\') return '\\\\';
    const code = character.codePointAt(0) as number;
    return code <= 0xff ? `\\x${code.toString(16).padStart(2, '0')}` : `\\u{${code.toString(16)}}`;
  });
}
