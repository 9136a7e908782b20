import type { Readable } from 'node:stream';
import { buffer } from 'node:stream/consumers';
import { describe, expect, it } from 'vitest';
import { type CsvCell, csvStream } from './csv.ts';

// Two batches, to show they join seamlessly.
async function* rowsOf(rows: CsvCell[][]) {
  yield rows.slice(0, 1);
  yield rows.slice(1);
}
// The bytes as a spreadsheet reads them (stream/consumers' text() would drop the BOM).
const text = async (stream: Readable) => (await buffer(stream)).toString('utf8');
const csvOf = (header: string[], rows: CsvCell[][]) => text(csvStream(header, rowsOf(rows)));

describe('csvStream', () => {
  it('writes UTF-8 with a BOM, ; between cells, CRLF line ends and the header first', async () => {
    const out = await csvOf(['Numéro', 'Montant'], [['CMD-1', 12500]]);
    expect(out).toBe('\uFEFFNuméro;Montant\r\nCMD-1;12500\r\n');
  });

  it('writes amounts as plain digits and nothing for a missing cell', async () => {
    expect(await csvOf(['a', 'b', 'c'], [[1250000, null, 0]])).toBe('\uFEFFa;b;c\r\n1250000;;0\r\n');
  });

  it('quotes a cell holding ; or quotes and doubles its quotes', async () => {
    const out = await csvOf(['Client'], [['Moussa Fall ; "le grand"']]);
    expect(out).toBe('\uFEFFClient\r\n"Moussa Fall ; ""le grand"""\r\n');
  });

  it('neutralises cells a spreadsheet would run: =, +, -, @, tab, carriage return', async () => {
    const cells = ['=HYPERLINK("http://x","y")', '+221 77', '-2+3', '@SUM(A1)', '\tcmd', '\rcmd'];
    const out = await csvOf(
      ['x'],
      cells.map((c) => [c]),
    );
    const lines = out.slice(1).split('\r\n');
    expect(lines.slice(1, 5)).toEqual([
      `"'=HYPERLINK(""http://x"",""y"")"`,
      `"'+221 77"`,
      `"'-2+3"`,
      `"'@SUM(A1)"`,
    ]);
    expect(out).toContain(`"'\tcmd"`);
    expect(out).toContain(`"'\rcmd"`);
    // Text that merely holds such a character further on is left as it is.
    expect(await csvOf(['x'], [['Savon = douceur']])).toBe('\uFEFFx\r\nSavon = douceur\r\n');
  });

  it('ends with the source’s error instead of looking complete', async () => {
    async function* failing() {
      yield [['un']] as CsvCell[][];
      throw new Error('base perdue');
    }
    await expect(text(csvStream(['x'], failing()))).rejects.toThrow('base perdue');
  });
});
