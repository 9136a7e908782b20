import { Readable } from 'node:stream';
import { type Options, stringify } from 'csv-stringify/sync';

// CSV for French spreadsheets (docs/architecture.md): UTF-8 with a BOM (so Excel reads the
// accents), ';' between cells (',' is the decimal mark in French), CRLF line ends, amounts as plain
// numbers, dates in fr-FR. Written by csv-stringify, which quotes a cell holding ';', quotes or a
// line break and doubles its quotes.

/** A cell: text, a number (written as digits, no grouping) or nothing. */
export type CsvCell = string | number | null;

/**
 * A cell a spreadsheet would read as a formula (or as a command through DDE): one starting with
 * '=', '+', '-', '@', a tab or a carriage return (OWASP, "CSV Injection").
 */
const FORMULA_START = /^[=+\-@\t\r]/;

/**
 * Such a cell is neutralised: an apostrophe first, so the spreadsheet shows the text as it is and
 * never runs it, and the whole cell in quotes.
 */
export const neutralise = (value: string) =>
  FORMULA_START.test(value) ? { value: `'${value}`, quoted: true } : value;

const OPTIONS: Options = {
  delimiter: ';',
  record_delimiter: 'windows',
  cast: {
    string: neutralise,
    // Numbers as digits: no thousands separator a spreadsheet would read as text.
    number: (value) => String(value),
  },
};

/**
 * The CSV text of `header` then of each batch of rows `batches` yields, produced as it is read: a
 * slow reader slows the source down (back-pressure), only one batch is in memory at a time. Each
 * batch goes out as one chunk, so compression works on large pieces rather than line by line. A
 * failing source ends the stream with its error, so the download is cut short, not silently complete.
 */
export function csvStream(header: readonly string[], batches: AsyncIterable<CsvCell[][]>): Readable {
  async function* chunks() {
    yield `\uFEFF${stringify([[...header]], OPTIONS)}`;
    for await (const rows of batches) if (rows.length) yield stringify(rows, OPTIONS);
  }
  return Readable.from(chunks(), { objectMode: false });
}
