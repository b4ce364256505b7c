import { CsvError, parse } from 'csv-parse/sync';
import { stringify } from 'csv-stringify/sync';

/**
 * RFC 4180 CSV for the product export and import, written by csv-stringify and read by csv-parse: comma-separated,
 * CRLF between records, fields with a comma, a double quote, CR or LF quoted (quotes doubled). Export output is
 * formula-injection safe: a cell that a spreadsheet would run (starting with = + - @, a tab or a CR) gets a leading
 * apostrophe, and so does a cell that already starts with one; import removes exactly that apostrophe, so every
 * text survives a round trip (csv-stringify's own `escape_formulas` does not escape a leading apostrophe, so the
 * text would not survive).
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

/** One record per row; quoted when a cell holds a comma, a quote, CR or LF. */
const STRINGIFY_OPTIONS = { record_delimiter: '\r\n', quoted_match: /[\r\n]/ } as const;

/** One CSV record (no line break). */
export function formatCsvRow(cells: readonly string[]): string {
  return stringify([cells.map(escapeFormula)], { ...STRINGIFY_OPTIONS, eof: false });
}

/** A whole CSV document: UTF-8 byte order mark (spreadsheets read the encoding from it), CRLF after every record. */
export function formatCsv(rows: readonly (readonly string[])[]): string {
  return stringify(
    rows.map((row) => row.map(escapeFormula)),
    { ...STRINGIFY_OPTIONS, bom: true },
  );
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

const LINE_BREAK = /\r\n|\n|\r/g;

function lineBreaksIn(cells: readonly string[]): number {
  return cells.reduce((sum, cell) => sum + (cell.match(LINE_BREAK)?.length ?? 0), 0);
}

/** csv-parse's error in the import's words, with the line where the faulty record starts. */
function syntaxError(error: CsvError, lastRecordEnd: number, emptyLinesBefore: number): CsvSyntaxError {
  const at = (line: number, text: string) => new CsvSyntaxError(`Line ${line}: ${text}`, line);
  const line = Number((error as CsvError & { lines?: unknown }).lines ?? 0);
  switch (error.code) {
    case 'INVALID_OPENING_QUOTE':
      return at(line, 'a quote inside an unquoted field (quote the whole field and double the quote)');
    case 'CSV_INVALID_CLOSING_QUOTE':
      return at(line, 'unexpected text after a closing quote');
    case 'CSV_QUOTE_NOT_CLOSED': {
      const emptyLines = Number((error as CsvError & { empty_lines?: unknown }).empty_lines ?? emptyLinesBefore);
      return at(lastRecordEnd + 1 + (emptyLines - emptyLinesBefore), 'a quoted field is never closed');
    }
    default:
      return at(line, error.message);
  }
}

/**
 * Parses CSV text into records (cells unescaped from the export's formula guard). Accepts LF, CRLF or CR, a byte
 * order mark, quoted fields spanning lines, rows of different lengths; refuses a quote inside an unquoted field,
 * text after a closing quote or an unclosed quote. Blank lines are skipped.
 */
export function parseCsv(input: string): ParsedCsvRecord[] {
  const records: ParsedCsvRecord[] = [];
  let lastRecordEnd = 0;
  let emptyLinesBefore = 0;
  try {
    parse(input, {
      bom: true,
      record_delimiter: ['\r\n', '\n', '\r'],
      relax_column_count: true,
      skip_empty_lines: true,
      // context.lines is the line where the record ends.
      on_record: (record, context) => {
        lastRecordEnd = context.lines;
        emptyLinesBefore = context.empty_lines;
        records.push({ line: context.lines - lineBreaksIn(record), cells: record.map(unescapeFormula) });
        return record;
      },
    });
    return records;
  } catch (error) {
    if (error instanceof CsvError) throw syntaxError(error, lastRecordEnd, emptyLinesBefore);
    throw error;
  }
}
