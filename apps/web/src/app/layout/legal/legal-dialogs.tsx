import { AgreementDialog } from './agreement-dialog';
import { ContactsDialog } from './contacts-dialog';
import type { LegalDocument } from './legal-dialog-provider';
import { PrivacyDialog } from './privacy-dialog';
import { RulesDialog } from './rules-dialog';

const dialogs = {
  agreement: AgreementDialog,
  privacy: PrivacyDialog,
  rules: RulesDialog,
  contacts: ContactsDialog,
} as const;

/** The lazily loaded half of the legal-dialog provider. */
export default function LegalDialogs({
  document,
  onClose,
}: {
  document: LegalDocument;
  onClose: () => void;
}) {
  const Dialog = dialogs[document];
  return <Dialog onClose={onClose} />;
}
