import type { User } from '@shop/shared';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { errorText } from '@/lib/api-client';
import { toast } from '@/lib/toast';
import { useLogoutUserEverywhere } from '../api/logout-user-everywhere';

/**
 * «Выйти везде» on a user: asks first, then ends every session of theirs. Their open tabs show the
 * signed-out page at once. A moderator's tool as much as an admin's (a stolen account, a shared PC).
 */
export function SignOutUserDialog({ user, onClose }: { user: User; onClose: () => void }) {
  const logoutEverywhere = useLogoutUserEverywhere();
  return (
    <ConfirmDialog
      open
      onOpenChange={(open) => !open && onClose()}
      title="Выйти на всех устройствах?"
      description={`${user.username} выйдет из аккаунта на всех устройствах: открытые вкладки сразу покажут страницу входа.`}
      confirmLabel="Выйти везде"
      busy={logoutEverywhere.isPending}
      onConfirm={() =>
        logoutEverywhere.mutate(user.id, {
          onSuccess: () => {
            toast.success('Успешно', { description: 'Пользователь вышел на всех устройствах' });
            onClose();
          },
          onError: (error) =>
            toast.error('Ошибка', { description: errorText(error, 'Не удалось завершить сеансы') }),
        })
      }
    />
  );
}
