import { pipeline, type Readable } from 'node:stream';
import { SHOP_TIME_ZONE } from '@souk/domain/dates';
import { stringify } from 'csv-stringify';

// CSV for French spreadsheets (ARCHITECTURE.md §4 'Exports'): UTF-8 with a BOM (so Excel reads the
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

/**
 * The CSV text of `header` then every row `rows` yields, produced as it is read: a slow reader
 * slows the source down (back-pressure), nothing is held whole in memory. A failing source ends
 * the stream with its error.
 */
export function csvStream(header: readonly string[], rows: AsyncIterable<CsvCell[]>): Readable {
  const csv = stringify({
    bom: true,
    delimiter: ';',
    record_delimiter: 'windows',
    header: true,
    columns: header.map((name, index) => ({ key: String(index), header: name })),
    cast: {
      string: neutralise,
      // Numbers as digits: no thousands separator a spreadsheet would read as text.
      number: (value) => String(value),
    },
  });
  async function* source() {
    for await (const row of rows)
      yield Object.fromEntries(row.map((cell, index) => [String(index), cell ?? '']));
  }
  // pipeline() destroys the CSV stream with the source's error, so the answer is cut short, not
  // silently complete.
  pipeline(source(), csv, () => {});
  return csv;
}

const csvDateFormat = new Intl.DateTimeFormat('fr-FR', {
  day: '2-digit',
  month: '2-digit',
  year: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
  timeZone: SHOP_TIME_ZONE,
});

/** '25/11/2026 14:05', in the shop's time zone. */
export const csvDateTime = (value: string | Date) =>
  csvDateFormat.format(value instanceof Date ? value : new Date(value)).replace(',', '');
