import { useMutation, useQueryClient } from '@tanstack/react-query';
import { notifications } from '@mantine/notifications';
import { useTranslation } from 'react-i18next';
import type { CareFormTypeStatus } from '@hearth/shared/care-forms/care-forms.constants';
import { errorMessageOf } from '@/api/api-error';
import { useTRPC } from '@/api/trpc';

/** Badge colours of a type's statuses. */
export const STATUS_COLORS: Record<CareFormTypeStatus, string> = { draft: 'gray', active: 'teal', retired: 'orange' };

/** The status a type's button turns it to: active types are retired, drafts and retired types activated. */
export function nextStatus(status: CareFormTypeStatus): CareFormTypeStatus {
  return status === 'active' ? 'retired' : 'active';
}

/**
 * careFormTypes.setStatus with its effects: the list and the type's detail refreshed, a notification naming the
 * type and its new status, a refusal shown with the server's message.
 */
export function useSetTypeStatus() {
  const { t } = useTranslation('careFormBuilder');
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  return useMutation(
    trpc.careFormTypes.setStatus.mutationOptions({
      onSuccess: (type) => {
        queryClient.setQueryData(trpc.careFormTypes.detail.queryKey({ id: type.id }), type);
        void queryClient.invalidateQueries({ queryKey: trpc.careFormTypes.list.queryKey() });
        notifications.show({
          color: 'teal',
          message: t('status.changed', { name: type.name, status: t(`statuses.${type.status}`) }),
        });
      },
      onError: (error) => notifications.show({ color: 'red', title: t('status.failed'), message: errorMessageOf(error) }),
    }),
  );
}
