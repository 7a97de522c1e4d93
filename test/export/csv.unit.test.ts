/**
 * The CSV writer read back by a real CSV parser (csv-parse): quoting, CRLF, the BOM, the
 * formula-injection guard, numbers and timestamps, and files split under an upload limit.
 */
import { parse } from 'csv-parse/sync';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  BOM,
  type CsvColumn,
  type CsvValue,
  csvFiles,
  csvLines,
  genericColumns,
  guardFormula,
  isoTime,
} from '../../src/render/csv.js';

const FORMULA = ['=', '+', '-', '@', '\t', '\r'];
/** Whether a spreadsheet could read `text` as a formula (leading white space, full-width signs). */
const dangerous = (text: string) => /^(?:[\t\r\n]|[\s\u3000]*[=+\-@＝＋－＠])/u.test(text);

/** Text rich in what CSV and spreadsheets care about, and any other character. */
const awkwardText = fc.oneof(
  fc.string({
    unit: fc.constantFrom(
      ',',
      '"',
      '\r',
      '\n',
      '\r\n',
      '=',
      '+',
      '-',
      '@',
      '\t',
      "'",
      ' ',
      'a',
      'é',
      '😀',
      '＝',
      '\u3000',
    ),
    maxLength: 12,
  }),
  fc.string({ unit: 'binary', maxLength: 12 }),
);

/** Rows of text cells, every row as wide as the header. */
const table = fc.integer({ min: 1, max: 5 }).chain((width) =>
  fc.record({
    headers: fc.array(fc.stringMatching(/^[a-z]{1,8}$/), { minLength: width, maxLength: width }),
    rows: fc.array(fc.array(awkwardText, { minLength: width, maxLength: width }), { maxLength: 20 }),
  }),
);

function columnsOf(width: number, headers: string[]): CsvColumn<CsvValue[]>[] {
  return Array.from({ length: width }, (_, i) => ({ header: headers[i] as string, value: (row) => row[i] }));
}

function readBack(file: Buffer | string): string[][] {
  return parse(typeof file === 'string' ? file : file.toString('utf8'), { bom: true }) as string[][];
}

describe('CSV text', () => {
  it('parses back to the cells written, each guarded against formulas (property)', () => {
    fc.assert(
      fc.property(table, ({ headers, rows }) => {
        const width = headers.length;
        const text = BOM + csvLines(columnsOf(width, headers), rows).join('');
        const parsed = readBack(text);
        expect(parsed).toEqual([headers, ...rows.map((row) => row.map((cell) => guardFormula(cell)))]);
        for (const row of parsed.slice(1)) {
          for (const cell of row) expect(FORMULA.includes(cell[0] ?? '')).toBe(false);
        }
      }),
      { numRuns: 500 },
    );
  });

  it('the guard only adds a leading quote, so the original is recoverable (property)', () => {
    fc.assert(
      fc.property(awkwardText, (text) => {
        const guarded = guardFormula(text);
        const original = dangerous(text) ? guarded.slice(1) : guarded;
        expect(original).toBe(text);
        expect(guarded === text).toBe(!dangerous(text));
      }),
    );
  });

  it('ends every line with CRLF and quotes exactly the fields that need it', () => {
    const [header, row] = csvLines(columnsOf(4, ['a', 'b', 'c', 'd']), [
      ['x,y', 'say "hi"', 'two\nlines', 'plain'],
    ]);
    expect(header).toBe('a,b,c,d\r\n');
    expect(row).toBe('"x,y","say ""hi""","two\nlines",plain\r\n');
  });

  it('guards formulas: = + - @ tab and CR get a leading quote, inside quotes when needed', () => {
    const cells = ['=1+1', '+SUM(A1)', '-2', '@cmd', '\tx', '\rx', "'=already", 'a=b'];
    const [, row] = csvLines(
      columnsOf(
        cells.length,
        cells.map((_, i) => `c${i}`),
      ),
      [cells],
    );
    expect(row).toBe(`'=1+1,'+SUM(A1),'-2,'@cmd,'\tx,"'\rx",'=already,a=b\r\n`);
  });

  it('guards formulas behind leading white space and in full-width signs', () => {
    const cells = [
      ' =1+1',
      '  @SUM(A1)',
      '\u3000=1',
      '＝HYPERLINK("x")',
      '＋1',
      '－1',
      '＠cmd',
      '\n=1',
      ' -2',
    ];
    for (const cell of cells) expect(guardFormula(cell)).toBe(`'${cell}`);
    const [, row] = csvLines(
      columnsOf(
        cells.length,
        cells.map((_, i) => `c${i}`),
      ),
      [cells],
    );
    const parsed = readBack(row as string);
    for (const cell of parsed[0] ?? []) expect(cell.startsWith("'")).toBe(true);
    expect(guardFormula(' a=b')).toBe(' a=b');
  });

  it('writes numbers as numbers (no guard, no quotes), booleans as true/false, absent as empty', () => {
    const values: CsvValue[] = [42, -5, 1.5, true, false, null, undefined, Number.NaN];
    const [, row] = csvLines(
      columnsOf(
        values.length,
        values.map((_, i) => `c${i}`),
      ),
      [values],
    );
    expect(row).toBe('42,-5,1.5,true,false,,,\r\n');
  });

  it('timestamps: Unix seconds as ISO 8601 UTC, 0 or absent empty, impossible dates as the number', () => {
    expect(isoTime(1_700_000_000)).toBe('2023-11-14T22:13:20Z');
    // Not whole seconds: no date the contract gives (its timestamps are integers), as the views say.
    expect(isoTime(1_700_000_000.5)).toBe(1_700_000_000.5);
    expect(isoTime(-5)).toBe(-5);
    expect(isoTime(253_402_300_800)).toBe(253_402_300_800);
    expect(isoTime(0)).toBe('');
    expect(isoTime(undefined)).toBe('');
    expect(isoTime(1e15)).toBe(1e15);
  });

  it('generic columns: every field in first-seen order, times as ISO, codes as numbers, the rest as JSON', () => {
    const columns = genericColumns([
      { id: 'a', type: 3, createdAt: 1_700_000_000, proof: [{ url: 'x' }] },
      { id: 'b', hidden: true, createdAt: 0 },
    ]);
    const text =
      BOM +
      csvLines(columns, [
        { id: 'a', type: 3, createdAt: 1_700_000_000, proof: [{ url: 'x' }] },
        { id: 'b', hidden: true, createdAt: 0 },
      ]).join('');
    expect(readBack(text)).toEqual([
      ['id', 'type', 'createdAt', 'proof', 'hidden'],
      ['a', '3', '2023-11-14T22:13:20Z', '[{"url":"x"}]', ''],
      ['b', '', '', '', 'true'],
    ]);
  });
});

describe('CSV files under an upload limit', () => {
  const columns: CsvColumn<{ id: string; text: string; n: number }>[] = [
    { header: 'id', value: (r) => r.id },
    { header: 'text', value: (r) => r.text },
    { header: 'n', value: (r) => r.n },
  ];
  const rows = Array.from({ length: 5_000 }, (_, i) => ({
    id: `log-${i}`,
    text: `Élodie said "hello", then =HYPERLINK(${i})\r\nand left`.repeat(1 + (i % 3)),
    n: i,
  }));

  it('thousands of rows fit one file when the limit allows, starting with the UTF-8 BOM', () => {
    const [file, ...more] = csvFiles(columns, rows, 8 * 1024 * 1024);
    expect(more).toEqual([]);
    expect(file?.subarray(0, 3)).toEqual(Buffer.from([0xef, 0xbb, 0xbf]));
    const parsed = readBack(file as Buffer);
    expect(parsed.length).toBe(rows.length + 1);
    expect(parsed[1]).toEqual(['log-0', guardFormula(rows[0]?.text as string), '0']);
  });

  it('split under a small limit: every file within it, each with the header, all rows once in order', () => {
    const limit = 64 * 1024;
    const files = csvFiles(columns, rows, limit);
    expect(files.length).toBeGreaterThan(5);
    for (const file of files) expect(file.length).toBeLessThanOrEqual(limit);
    const parsed = files.map(readBack);
    for (const part of parsed) expect(part[0]).toEqual(['id', 'text', 'n']);
    expect(parsed.flatMap((part) => part.slice(1)).map((r) => r[2])).toEqual(rows.map((r) => String(r.n)));
  });

  it('refuses when one row alone is over the limit, and an empty list is the header alone', () => {
    expect(() => csvFiles(columns, [{ id: 'x', text: 'y'.repeat(2_000), n: 1 }], 1_000)).toThrow();
    expect(csvFiles(columns, [], 1_000).map((f) => f.toString('utf8'))).toEqual([`${BOM}id,text,n\r\n`]);
  });
});
