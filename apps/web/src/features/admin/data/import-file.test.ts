import { describe, expect, it } from 'vitest';
import { importFileOf, rowLabel } from './import-file';

describe('import files', () => {
  it('sends .json as JSON and everything else as CSV, and names rows by their kind', () => {
    const json = importFileOf('products.json', '', '[]');
    const csv = importFileOf('balances.CSV', 'application/vnd.ms-excel', 'a,b');
    expect(json.contentType).toBe('application/json');
    expect(csv.contentType).toBe('text/csv');
    expect(rowLabel(json, 2)).toBe('запись 2');
    expect(rowLabel(csv, 2)).toBe('строка 2');
  });
});
