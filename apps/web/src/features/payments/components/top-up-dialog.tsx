import {
  Dialog,
  DialogBody,
  DialogContent,
  DialogDescription,
  DialogHeader,
  DialogTitle,
} from '@/components/ui/dialog';
import { LoadingState } from '@/components/ui/spinner';
import { TopUpForm, type TopUpDialogProps } from './top-up-form';

/** The form needs the owner's terms to check an amount and to state the bonus: it waits for them. */
export function TopUpDialog({ terms, ...props }: TopUpDialogProps) {
  if (terms) return <TopUpForm {...props} terms={terms} />;
  return (
    <Dialog open={props.open} onOpenChange={props.onOpenChange}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>Пополнение баланса</DialogTitle>
          <DialogDescription className="sr-only">Загружаем условия пополнения</DialogDescription>
        </DialogHeader>
        <DialogBody>
          <LoadingState text="Загрузка..." padding="sm" />
        </DialogBody>
      </DialogContent>
    </Dialog>
  );
}
