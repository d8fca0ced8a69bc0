import type { UseMutationResult } from '@tanstack/react-query';
import { Button } from '@/components/ui/button';
import { errorText } from '@/lib/api-client';
import { toast } from '@/lib/toast';

/** «Отвязать» for a linked account (Telegram, Discord): says «… отвязан» or why not. */
export function UnlinkButton({
  service,
  unlink,
}: {
  /** The service as the player knows it: «Telegram», «Discord». */
  service: string;
  unlink: UseMutationResult<unknown, Error, void>;
}) {
  return (
    <Button
      variant="outline"
      className="w-fit"
      disabled={unlink.isPending}
      onClick={() =>
        unlink.mutate(undefined, {
          onSuccess: () => toast.success(`${service} отвязан`),
          onError: (error) => toast.error(errorText(error, `Не удалось отвязать ${service}`)),
        })
      }
    >
      Отвязать
    </Button>
  );
}
