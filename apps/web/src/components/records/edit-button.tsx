import { ActionIcon, Tooltip } from '@mantine/core';
import { IconPencil } from '@tabler/icons-react';

/** A small edit button with a spoken name, e.g. "Edit address 12 Elm St". */
export function EditButton({ what, onClick }: { what: string; onClick: () => void }) {
  return (
    <Tooltip label={`Edit ${what}`}>
      <ActionIcon variant="subtle" size="sm" aria-label={`Edit ${what}`} onClick={onClick}>
        <IconPencil size={15} />
      </ActionIcon>
    </Tooltip>
  );
}
