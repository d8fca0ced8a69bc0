import type { ReactNode } from 'react';
import { Button } from '@/components/ui/button';
import {
  Dialog,
  DialogBody,
  DialogClose,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '@/components/ui/dialog';

export interface LegalSection {
  title: string;
  items: readonly ReactNode[];
}

/** Numbered sections ("1.", "1.1") so players and admins can point at a rule by its number. */
export function LegalSections({ sections }: { sections: readonly LegalSection[] }) {
  return (
    <div className="flex flex-col gap-6 text-sm leading-relaxed text-foreground/85">
      {sections.map((section, sectionIndex) => (
        <section key={section.title} aria-labelledby={`legal-${section.title}`}>
          <h3
            id={`legal-${section.title}`}
            className="mb-2.5 font-display text-base font-bold tracking-wide text-white uppercase"
          >
            <span className="mr-2 text-primary">{sectionIndex + 1}.</span>
            {section.title}
          </h3>
          <ol className="flex flex-col gap-2">
            {section.items.map((item, itemIndex) => (
              <li key={itemIndex} className="flex gap-2.5">
                <span className="shrink-0 font-mono text-xs leading-6 text-muted-foreground">
                  {sectionIndex + 1}.{itemIndex + 1}
                </span>
                <span>{item}</span>
              </li>
            ))}
          </ol>
        </section>
      ))}
    </div>
  );
}

/** What each legal text gets from the host that opened it. */
export interface LegalDialogProps {
  onClose: () => void;
}

/** Mounted open by the legal-dialog provider; closing it unmounts it and focus returns to the opener. */
export function LegalDialog({
  title,
  description,
  children,
  onClose,
}: LegalDialogProps & { title: string; description?: string; children: ReactNode }) {
  return (
    <Dialog open onOpenChange={(open) => !open && onClose()}>
      <DialogContent width="2xl">
        <DialogHeader>
          <DialogTitle>{title}</DialogTitle>
          {description && <DialogDescription>{description}</DialogDescription>}
        </DialogHeader>
        <DialogBody>{children}</DialogBody>
        <DialogFooter>
          <DialogClose asChild>
            <Button>Понятно</Button>
          </DialogClose>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
