/**
 * A small CSV reader (RFC 4180 and what spreadsheets write): quoted fields with doubled quotes,
 * commas and line breaks inside quotes, CRLF, LF or CR line ends, a leading byte-order mark,
 * and a semicolon separator when the first line has semicolons and no comma (spreadsheets set
 * to a decimal comma write those). Decision 0041 says why it is not a library.
 */

/** One record, with the line of the file it starts on (1-based, as an editor counts). */
export type CsvRow = { line: number; cells: string[] };

export type CsvRead =
  | { ok: true; rows: CsvRow[] }
  /** A quote never closed: the rows before it are read, the rest cannot be. */
  | { ok: false; rows: CsvRow[]; line: number };

function separatorOf(text: string): ',' | ';' {
  const end = text.search(/[\r\n]/);
  const first = end === -1 ? text : text.slice(0, end);
  return first.includes(';') && !first.includes(',') ? ';' : ',';
}

export function readCsv(input: string): CsvRead {
  const text = input.startsWith('\uFEFF') ? input.slice(1) : input;
  const separator = separatorOf(text);
  const rows: CsvRow[] = [];
  let cells: string[] = [];
  let cell = '';
  let line = 1;
  let rowLine = 1;
  let quoted = false;
  let quoteLine = 1;
  const endRow = () => {
    cells.push(cell);
    // A blank line is no record.
    if (cells.length > 1 || cells[0] !== '') rows.push({ line: rowLine, cells });
    cells = [];
    cell = '';
  };
  for (let i = 0; i < text.length; i++) {
    const char = text[i] as string;
    if (quoted) {
      if (char === '"') {
        if (text[i + 1] === '"') {
          cell += '"';
          i++;
        } else {
          quoted = false;
        }
      } else {
        if (char === '\n' || (char === '\r' && text[i + 1] !== '\n')) line++;
        cell += char;
      }
    } else if (char === '"' && cell.trim() === '') {
      quoted = true;
      quoteLine = line;
      cell = '';
    } else if (char === separator) {
      cells.push(cell);
      cell = '';
    } else if (char === '\r' || char === '\n') {
      if (char === '\r' && text[i + 1] === '\n') i++;
      endRow();
      line++;
      rowLine = line;
    } else {
      cell += char;
    }
  }
  if (quoted) return { ok: false, rows, line: quoteLine };
  if (cell !== '' || cells.length > 0) endRow();
  return { ok: true, rows };
}
