import { FileWarning } from 'lucide-react';
import { ButtonLink } from '@/components/ui/button-link';
import { Card } from '@/components/ui/card';
import { useAdminSite } from '../../shared/api/get-admin-site';
import { sampleDocuments } from '../legal-samples';

/**
 * The overview reminds the owner of legal texts still at the shipped sample: a sample names no
 * seller and promises what this shop may not, so it stays here until each has been saved.
 */
export function LegalSamplesCard() {
  const site = useAdminSite();
  if (!site.data) return null;
  const samples = sampleDocuments(site.data.legalSample);
  if (samples.length === 0) return null;
  return (
    <Card
      role="region"
      aria-label="Документы-образцы"
      className="flex flex-col gap-3 border-warning/50 p-4 sm:flex-row sm:items-center"
    >
      <FileWarning aria-hidden="true" className="size-5 shrink-0 text-warning" />
      <div className="min-w-0 flex-1">
        <p className="text-sm font-semibold text-warning">
          На сайте пока образцы документов: {samples.join(', ')}
        </p>
        <p className="text-xs text-muted-foreground">
          Прочтите их, впишите данные продавца и опубликуйте во вкладке «Оформление» → «Документы».
        </p>
      </div>
      <ButtonLink to="/admin?tab=site" variant="outline" size="sm" className="w-fit">
        Открыть «Оформление»
      </ButtonLink>
    </Card>
  );
}
