import { ActionIcon, Tooltip } from '@mantine/core';
import { IconPencil } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';

/** A small edit button with a spoken name, e.g. "Edit address 12 Elm St" (`what` in the shown language). */
export function EditButton({ what, onClick }: { what: string; onClick: () => void }) {
  const { t } = useTranslation('common');
  return (
    <Tooltip label={t('record.editWhat', { what })}>
      <ActionIcon variant="subtle" size="sm" aria-label={t('record.editWhat', { what })} onClick={onClick}>
        <IconPencil size={15} />
      </ActionIcon>
    </Tooltip>
  );
}
