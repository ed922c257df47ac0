import { describe, expect, it } from 'vitest';
import { readCsv } from './csv-rows.ts';

describe('readCsv', () => {
  it('reads plain rows with LF, CRLF or CR line ends and skips blank lines', () => {
    for (const end of ['\n', '\r\n', '\r']) {
      const read = readCsv(
        ['email,name', 'a@example.org,Ann', '', 'b@example.org,Bo', ''].join(end),
      );
      expect(read).toEqual({
        ok: true,
        rows: [
          { line: 1, cells: ['email', 'name'] },
          { line: 2, cells: ['a@example.org', 'Ann'] },
          { line: 4, cells: ['b@example.org', 'Bo'] },
        ],
      });
    }
  });

  it('reads quoted fields with commas, doubled quotes and line breaks, and counts lines on', () => {
    const read = readCsv(
      '\uFEFF"email","note"\r\n"a@example.org","Says ""hi"", twice\r\nand more"\r\nb@example.org,x\r\n',
    );
    expect(read).toEqual({
      ok: true,
      rows: [
        { line: 1, cells: ['email', 'note'] },
        { line: 2, cells: ['a@example.org', 'Says "hi", twice\r\nand more'] },
        { line: 4, cells: ['b@example.org', 'x'] },
      ],
    });
  });

  it('takes a semicolon as the separator when the first line has no comma', () => {
    expect(readCsv('email;name\na@example.org;Ann, the first')).toEqual({
      ok: true,
      rows: [
        { line: 1, cells: ['email', 'name'] },
        { line: 2, cells: ['a@example.org', 'Ann, the first'] },
      ],
    });
  });

  it('keeps empty cells and a last line without a line end', () => {
    expect(readCsv('a@example.org,,\nb@example.org')).toEqual({
      ok: true,
      rows: [
        { line: 1, cells: ['a@example.org', '', ''] },
        { line: 2, cells: ['b@example.org'] },
      ],
    });
  });

  it('says where a quote is never closed, keeping the rows before it', () => {
    expect(readCsv('a@example.org\n"b@example.org\nc@example.org\n')).toEqual({
      ok: false,
      rows: [{ line: 1, cells: ['a@example.org'] }],
      line: 2,
    });
  });
});
