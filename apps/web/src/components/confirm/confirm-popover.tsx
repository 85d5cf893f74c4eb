import type { ReactElement, ReactNode } from 'react';
import { Button, Group, Popover, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';

/** What a ConfirmPopover shows and does; it is controlled, so its owner closes it once the action has succeeded. */
export interface ConfirmPopoverProps {
  /** Whether the question shows. */
  opened: boolean;
  /** Called with false on Cancel, Escape or a click outside (and with whatever Mantine's Popover reports). */
  onChange: (opened: boolean) => void;
  /** The button that opens it (toggling `opened` on click); one element that takes a ref, e.g. a Tooltip or Button. */
  target: ReactElement;
  /** The question, in the shown language: "Delete address 12 Elm St?". */
  question: ReactNode;
  /** The confirming button's text, in the shown language: "Delete", "Reset". */
  confirmLabel: string;
  /** True while the action runs: the confirming button shows a loader and cannot be pressed again. */
  busy?: boolean;
  /** Runs the action; the owner closes the popover (onChange) when it succeeds. */
  onConfirm: () => void;
  /** Widest the dropdown may be, in CSS pixels, for a long question. */
  maw?: number;
}

/**
 * A destructive action's confirmation next to its button: the question with Cancel and a red confirming button,
 * focus trapped in it while open (Mantine's Popover: a dialog named by its target, closed by Escape). Used by the
 * records' DeleteButton and by actions such as resetting a user's two-step verification.
 */
export function ConfirmPopover({ opened, onChange, target, question, confirmLabel, busy, onConfirm, maw }: ConfirmPopoverProps) {
  const { t } = useTranslation('common');
  return (
    <Popover opened={opened} onChange={onChange} position="bottom-end" withArrow shadow="md" trapFocus>
      <Popover.Target>{target}</Popover.Target>
      <Popover.Dropdown maw={maw}>
        <Stack gap="xs">
          <Text size="sm">{question}</Text>
          <Group gap="xs" justify="flex-end">
            <Button size="compact-xs" variant="default" onClick={() => onChange(false)}>
              {t('actions.cancel')}
            </Button>
            <Button size="compact-xs" color="red" loading={busy} onClick={onConfirm}>
              {confirmLabel}
            </Button>
          </Group>
        </Stack>
      </Popover.Dropdown>
    </Popover>
  );
}
