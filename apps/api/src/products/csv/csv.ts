/**
 * RFC 4180 CSV for the product export and import: comma-separated, CRLF between records, fields with a comma,
 * a double quote, CR or LF quoted (quotes doubled). Export output is formula-injection safe: a cell that a
 * spreadsheet would run (starting with = + - @, a tab or a CR) gets a leading apostrophe, and so does a cell that
 * already starts with one; import removes exactly that apostrophe, so every text survives a round trip.
 */

const FORMULA_START = /^[=+\-@\t\r]/;
const ESCAPED = /^'[=+\-@\t\r']/;

/** A cell as it is written: neutralised against formulas. */
export function escapeFormula(value: string): string {
  return FORMULA_START.test(value) || value.startsWith("'") ? `'${value}` : value;
}

/** A cell as it was meant: the export's apostrophe removed (other leading apostrophes are kept). */
export function unescapeFormula(value: string): string {
  return ESCAPED.test(value) ? value.slice(1) : value;
}

function quote(value: string): string {
  return /[",\r\n]/.test(value) ? `"${value.replace(/"/g, '""')}"` : value;
}

/** One CSV record (no line break). */
export function formatCsvRow(cells: readonly string[]): string {
  return cells.map((cell) => quote(escapeFormula(cell))).join(',');
}

/** A whole CSV document: UTF-8 byte order mark (spreadsheets read the encoding from it), CRLF after every record. */
export function formatCsv(rows: readonly (readonly string[])[]): string {
  return `\uFEFF${rows.map((r) => `${formatCsvRow(r)}\r\n`).join('')}`;
}

export interface ParsedCsvRecord {
  /** Line number (from 1) where the record starts. */
  line: number;
  cells: string[];
}

export class CsvSyntaxError extends Error {
  constructor(
    message: string,
    readonly line: number,
  ) {
    super(message);
  }
}

/**
 * Parses CSV text into records (cells unescaped from the export's formula guard). Accepts LF or CRLF, a byte
 * order mark, quoted fields spanning lines; refuses a quote inside an unquoted field or an unclosed quote.
 * Blank lines are skipped.
 */
export function parseCsv(input: string): ParsedCsvRecord[] {
  const text = input.startsWith('\uFEFF') ? input.slice(1) : input;
  const records: ParsedCsvRecord[] = [];
  let cells: string[] = [];
  let cell = '';
  let quoted = false;
  let cellStarted = false;
  let line = 1;
  let recordLine = 1;
  let i = 0;
  const endCell = () => {
    cells.push(unescapeFormula(cell));
    cell = '';
    cellStarted = false;
  };
  const endRecord = () => {
    endCell();
    if (!(cells.length === 1 && cells[0] === '')) records.push({ line: recordLine, cells });
    cells = [];
  };
  while (i < text.length) {
    const ch = text[i];
    if (quoted) {
      if (ch === '"') {
        if (text[i + 1] === '"') {
          cell += '"';
          i += 2;
          continue;
        }
        quoted = false;
        i += 1;
        const next = text[i];
        if (next !== undefined && next !== ',' && next !== '\n' && next !== '\r') throw new CsvSyntaxError(`Line ${line}: unexpected text after a closing quote`, line);
        continue;
      }
      if (ch === '\n') line += 1;
      cell += ch;
      i += 1;
      continue;
    }
    if (ch === '"') {
      if (cellStarted) throw new CsvSyntaxError(`Line ${line}: a quote inside an unquoted field (quote the whole field and double the quote)`, line);
      quoted = true;
      cellStarted = true;
      i += 1;
      continue;
    }
    if (ch === ',') {
      endCell();
      i += 1;
      continue;
    }
    if (ch === '\r' || ch === '\n') {
      endRecord();
      i += ch === '\r' && text[i + 1] === '\n' ? 2 : 1;
      line += 1;
      recordLine = line;
      continue;
    }
    cell += ch;
    cellStarted = true;
    i += 1;
  }
  if (quoted) throw new CsvSyntaxError(`Line ${recordLine}: a quoted field is never closed`, recordLine);
  if (cell !== '' || cells.length > 0) endRecord();
  return records;
}
