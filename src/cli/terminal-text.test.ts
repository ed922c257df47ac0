import { describe, expect, it } from 'vitest';
import { escapeForTerminal } from './terminal-text.ts';

describe('escapeForTerminal', () => {
  it('leaves ordinary text alone, markup and non-Latin scripts included', () => {
    for (const text of [
      '/2026/11/a-post/',
      'Grüße aus Köln — 東京 🌸',
      '<script>alert(1)</script>',
    ]) {
      expect(escapeForTerminal(text)).toBe(text);
    }
  });

  it('shows escape sequences as visible text instead of letting them act', () => {
    expect(escapeForTerminal('\u001b[2JHello')).toBe('\\x1b[2JHello');
    expect(escapeForTerminal('\u001b]0;owned\u0007')).toBe('\\x1b]0;owned\\x07');
    expect(escapeForTerminal('\u009b31m')).toBe('\\x9b31m');
  });

  it('escapes every C0 and C1 control character and DEL, line breaks and tabs too', () => {
    for (let code = 0; code < 0xa0; code++) {
      if (code >= 0x20 && code < 0x7f) continue;
      const escaped = escapeForTerminal(`a${String.fromCharCode(code)}b`);
      expect(escaped, `U+${code.toString(16)}`).toBe(`a\\x${code.toString(16).padStart(2, '0')}b`);
    }
  });

  it('escapes bidirectional controls and line separators', () => {
    expect(escapeForTerminal('admin\u202etxt.exe')).toBe('admin\\u{202e}txt.exe');
    expect(escapeForTerminal('\u2066x\u2069\u2028')).toBe('\\u{2066}x\\u{2069}\\u{2028}');
  });

  it('escapes the backslash, so an escape in the output always stands for a character', () => {
    expect(escapeForTerminal('\\x1b')).toBe('\\\\x1b');
    expect(escapeForTerminal('\u001b')).not.toBe(escapeForTerminal('\\x1b'));
  });
});
