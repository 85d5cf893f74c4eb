import { describe, expect, it } from 'vitest';
import { csvText, spreadsheetCell } from './spreadsheet-cells';

describe('spreadsheetCell', () => {
  it('quotes text a spreadsheet would run as a formula', () => {
    for (const text of ['=HYPERLINK("http://x")', '+cmd|/C calc', '-2+3', '@SUM(A1)', '\tTab', '\rReturn', '-', '+1 (617) 555']) {
      expect(spreadsheetCell(text)).toBe(`'${text}`);
    }
  });

  it('keeps numbers, numeric text such as negative amounts, and ordinary text as they are', () => {
    for (const value of [-12.5, 0, 42, '-12.50', '+16175550100', '40.00', '2025-03-03 07:00', 'Lima, Rosa', 'O=K', '', null]) {
      expect(spreadsheetCell(value)).toBe(value);
    }
  });

  it('writes CSV with the quote inside the field', () => {
    expect(
      csvText([
        ['Client', 'Amount'],
        ['=HYPERLINK("http://x")', '-12.50'],
      ]),
    ).toBe('Client,Amount\r\n"\'=HYPERLINK(""http://x"")",-12.50');
  });
});
