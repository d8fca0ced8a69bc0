import { describe, expect, it } from 'vitest';
import { sampleDocuments } from './legal-samples';

describe('sampleDocuments', () => {
  it('names the texts still at their sample, in the documents’ order', () => {
    expect(
      sampleDocuments({ rules: false, agreement: true, privacy: true, contacts: false }),
    ).toEqual(['Пользовательское соглашение', 'Политика конфиденциальности']);
  });

  it('names none once each has been saved', () => {
    expect(
      sampleDocuments({ rules: false, agreement: false, privacy: false, contacts: false }),
    ).toEqual([]);
  });
});
