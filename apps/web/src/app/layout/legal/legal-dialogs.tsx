import type { LegalDocument } from '@shop/shared';
import { useLegalPage } from '@/features/site/api/get-legal-page';
import { useSite } from '@/features/site/api/get-site-settings';
import { ContactList } from './contact-list';
import { LegalDialog } from './legal-dialog';
import { LegalHtml } from './legal-html';

/**
 * The lazily loaded half of the legal-dialog provider: the owner's text of the document, fetched
 * on opening. Contacts first lists the community links and the support address.
 */
export default function LegalDialogs({
  document,
  onClose,
}: {
  document: LegalDocument;
  onClose: () => void;
}) {
  const page = useLegalPage(document);
  const site = useSite();
  // The settings carry the same title, so the dialog is named while its text is on the way.
  const title = page.data?.title ?? site?.legalTitles[document] ?? 'Документ';
  return (
    <LegalDialog title={title} onClose={onClose}>
      {document === 'contacts' && <ContactList />}
      <LegalHtml document={document} />
    </LegalDialog>
  );
}
