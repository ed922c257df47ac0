/**
 * A PHP `unserialize` for what WordPress stores in post meta: strings, numbers, booleans,
 * null and arrays. Objects and references are refused (undefined), never instantiated.
 * String lengths are counted in UTF-8 bytes, as PHP writes them.
 */
export type PhpValue = string | number | boolean | null | PhpArray;
export interface PhpArray {
  [key: string]: PhpValue;
}

const encoder = new TextEncoder();
const decoder = new TextDecoder();

export function phpUnserialize(text: string): PhpValue | undefined {
  const bytes = encoder.encode(text);
  let at = 0;
  const fail = (): never => {
    throw new SyntaxError('not PHP-serialized');
  };
  const readUntil = (stop: number) => {
    const end = bytes.indexOf(stop, at);
    if (end < 0) fail();
    const value = decoder.decode(bytes.subarray(at, end));
    at = end + 1;
    return value;
  };
  const expect = (char: string) => {
    if (bytes[at] !== char.charCodeAt(0)) fail();
    at += 1;
  };
  const SEMI = 59;
  const COLON = 58;
  const value = (): PhpValue => {
    const type = String.fromCharCode(bytes[at] ?? 0);
    at += 1;
    if (type === 'N') {
      expect(';');
      return null;
    }
    expect(':');
    switch (type) {
      case 'b':
        return readUntil(SEMI) === '1';
      case 'i': {
        const n = readUntil(SEMI);
        if (!/^-?\d+$/.test(n)) fail();
        return Number(n);
      }
      case 'd': {
        const n = Number(readUntil(SEMI));
        return Number.isNaN(n) ? fail() : n;
      }
      case 's': {
        const length = Number(readUntil(COLON));
        if (!Number.isInteger(length) || length < 0) fail();
        expect('"');
        if (at + length > bytes.length) fail();
        const s = decoder.decode(bytes.subarray(at, at + length));
        at += length;
        expect('"');
        expect(';');
        return s;
      }
      case 'a': {
        const count = Number(readUntil(COLON));
        if (!Number.isInteger(count) || count < 0) fail();
        expect('{');
        const array: PhpArray = Object.create(null);
        for (let i = 0; i < count; i++) {
          const key = value();
          if (typeof key !== 'string' && typeof key !== 'number') fail();
          array[String(key)] = value();
        }
        expect('}');
        return array;
      }
      default:
        return fail();
    }
  };
  try {
    const result = value();
    return at === bytes.length ? result : undefined;
  } catch {
    return undefined;
  }
}
