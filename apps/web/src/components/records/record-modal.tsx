import type { ReactNode } from 'react';
import { Button, Loader, Modal, type ModalProps } from '@mantine/core';
import { IconPencil, IconPlus } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';

/** The "Add {what}" button in a section's header. */
export function AddButton({ label, onClick }: { label: string; onClick: () => void }) {
  return (
    <Button size="compact-sm" variant="light" leftSection={<IconPlus size={14} />} onClick={onClick}>
      {label}
    </Button>
  );
}

/** The "Edit ..." button of a section edited as a whole (details, notes). */
export function EditSectionButton({ label, onClick }: { label: string; onClick: () => void }) {
  return (
    <Button size="compact-sm" variant="light" leftSection={<IconPencil size={14} />} onClick={onClick}>
      {label}
    </Button>
  );
}

/** The modal of a section edited as a whole: its form while open, a loader instead while `loading` (its options). */
export function EditSectionModal(props: {
  opened: boolean;
  onClose: () => void;
  title: string;
  size?: ModalProps['size'];
  loading?: boolean;
  children: ReactNode;
}) {
  const { opened, onClose, title, size, loading = false, children } = props;
  const { t } = useTranslation('common');
  return (
    <Modal opened={opened} onClose={onClose} title={title} size={size}>
      {opened && (loading ? <Loader size="sm" aria-label={t('loading')} /> : children)}
    </Modal>
  );
}

/**
 * The modal of a section's record form, open while `editing` is a record ("Edit {noun}") or 'new' ("Add {noun}").
 * `noun` is in the shown language ("address"); `children` draws the form for the record, null for a new one.
 */
export function RecordModal<Row>(props: {
  editing: Row | 'new' | null;
  onClose: () => void;
  noun: string;
  size?: ModalProps['size'];
  children: (row: Row | null) => ReactNode;
}) {
  const { editing, onClose, noun, size, children } = props;
  const { t } = useTranslation('common');
  const title = editing === 'new' ? t('record.addNoun', { noun }) : t('record.editNoun', { noun });
  return (
    <Modal opened={editing !== null} onClose={onClose} title={title} size={size}>
      {editing !== null && children(editing === 'new' ? null : editing)}
    </Modal>
  );
}
