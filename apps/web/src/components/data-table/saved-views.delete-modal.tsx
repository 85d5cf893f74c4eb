import { Alert, Button, Group, Modal, Stack, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useMutation } from '@tanstack/react-query';
import type { FrontendView } from '@hearth/shared/views/views.schema';
import { errorMessageOf } from '@/api/api-error';
import { useTRPC } from '@/api/trpc';
import { useRefreshSavedViews } from './saved-views.queries';
import { useTranslation } from 'react-i18next';

/**
 * Asks before deleting the saved view `current` (warning that everyone it is shared with loses it), deletes it,
 * and shows the error of a failed delete.
 * @param view the backend view's name, e.g. "users"
 * @param onClose called to close the modal (Cancel, Escape, or after the delete)
 * @param onDeleted called with the deleted view's id
 */
export function DeleteViewModal(props: {
  opened: boolean;
  onClose: () => void;
  view: string;
  current: FrontendView | null;
  onDeleted: (id: number) => void;
}) {
  const { opened, onClose, view, current, onDeleted } = props;
  const trpc = useTRPC();
  const refresh = useRefreshSavedViews(view);
  const remove = useMutation(trpc.deleteFrontendView.mutationOptions());
  const { t } = useTranslation('dataTable');

  const confirmDelete = () => {
    if (!current) return;
    const { id, name } = current;
    remove.mutate(
      { id },
      {
        onSuccess: () => {
          void refresh();
          onClose();
          notifications.show({ color: 'teal', role: 'status', message: t('views.deleted', { name }) });
          onDeleted(id);
        },
      },
    );
  };

  return (
    <Modal
      opened={opened}
      onClose={() => {
        remove.reset();
        onClose();
      }}
      title={t('views.deleteTitle')}
      size="sm"
    >
      <Stack gap="sm">
        <Text size="sm">
          {t('views.deleteQuestion', { name: current?.name ?? '' })}{' '}
          {current?.sharedWith === 'user' ? '' : t('views.deleteShared')}
        </Text>
        {remove.isError && <Alert color="red">{errorMessageOf(remove.error)}</Alert>}
        <Group justify="flex-end" gap="xs">
          <Button variant="default" onClick={onClose}>
            {t('views.cancel')}
          </Button>
          <Button color="red" onClick={confirmDelete} loading={remove.isPending}>
            {t('views.delete')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
