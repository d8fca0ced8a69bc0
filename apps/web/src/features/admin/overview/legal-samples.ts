import { legalDocuments, legalTitles, type LegalDocument } from '@shop/shared';

/** The titles of the legal texts still at the shipped sample, in the documents' order. */
export function sampleDocuments(legalSample: Record<LegalDocument, boolean>): string[] {
  return legalDocuments
    .filter((document) => legalSample[document])
    .map((document) => legalTitles[document]);
}
