import { useState } from 'react';
import { ActionIcon, Button, Checkbox, Fieldset, Group, Stack, Text, TextInput } from '@mantine/core';
import { IconArrowDown, IconArrowUp, IconPlus, IconX } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { addOption, moveOption, optionLabel, removeOption, renameOption, selectOptionInitially } from './answer-options';
import type { QItem } from './questionnaire-tree';

/**
 * A choice's answer options: each option's text (a coding's display; its code shown beside it), whether it is
 * selected at the start, moved up or down, removed; a new option is added by its text (Enter or the Add button).
 */
export function AnswerOptionsEditor(props: { item: QItem; onChange: (item: QItem) => void; readOnly: boolean }) {
  const { item, onChange, readOnly } = props;
  const { t } = useTranslation('careFormBuilder');
  const [draft, setDraft] = useState('');
  const options = item.answerOption ?? [];
  const add = () => {
    if (draft.trim() === '') return;
    onChange(addOption(item, draft.trim()));
    setDraft('');
  };
  return (
    <Fieldset legend={t('options.title')} variant="filled" p="sm">
      <Stack gap="xs">
        {options.length === 0 && (
          <Text size="sm" c="dimmed">
            {t('options.none')}
          </Text>
        )}
        {options.map((option, index) => {
          const label = optionLabel(option);
          const name = label || String(index + 1);
          return (
            <Group key={index} gap={6} wrap="nowrap" align="center">
              <TextInput
                aria-label={t('options.optionText', { number: index + 1 })}
                value={label}
                onChange={(event) => onChange(renameOption(item, index, event.currentTarget.value))}
                readOnly={readOnly}
                style={{ flex: 1 }}
                rightSection={
                  option.valueCoding?.code ? (
                    <Text size="xs" c="dimmed" ff="monospace">
                      {option.valueCoding.code}
                    </Text>
                  ) : undefined
                }
                rightSectionWidth={option.valueCoding?.code ? 80 : undefined}
              />
              <Checkbox
                size="xs"
                label={t('options.initial')}
                checked={option.initialSelected === true}
                onChange={(event) => onChange(selectOptionInitially(item, index, event.currentTarget.checked))}
                disabled={readOnly}
              />
              <ActionIcon
                variant="subtle"
                color="gray"
                aria-label={t('options.moveUp', { name })}
                disabled={readOnly || index === 0}
                onClick={() => onChange(moveOption(item, index, -1))}
              >
                <IconArrowUp size={14} />
              </ActionIcon>
              <ActionIcon
                variant="subtle"
                color="gray"
                aria-label={t('options.moveDown', { name })}
                disabled={readOnly || index === options.length - 1}
                onClick={() => onChange(moveOption(item, index, 1))}
              >
                <IconArrowDown size={14} />
              </ActionIcon>
              <ActionIcon
                variant="subtle"
                color="red"
                aria-label={t('options.remove', { name })}
                disabled={readOnly}
                onClick={() => onChange(removeOption(item, index))}
              >
                <IconX size={14} />
              </ActionIcon>
            </Group>
          );
        })}
        {!readOnly && (
          <Group gap={6} wrap="nowrap" align="flex-end">
            <TextInput
              label={t('options.new')}
              value={draft}
              onChange={(event) => setDraft(event.currentTarget.value)}
              onKeyDown={(event) => {
                if (event.key !== 'Enter') return;
                event.preventDefault();
                add();
              }}
              style={{ flex: 1 }}
            />
            <Button variant="default" leftSection={<IconPlus size={14} />} onClick={add} disabled={draft.trim() === ''}>
              {t('options.add')}
            </Button>
          </Group>
        )}
      </Stack>
    </Fieldset>
  );
}
