import {
  ActionIcon,
  Button,
  Fieldset,
  Group,
  NumberInput,
  SegmentedControl,
  Select,
  Stack,
  Text,
  TextInput,
} from '@mantine/core';
import { IconPlus, IconX } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { optionLabel } from './answer-options';
import {
  answerFieldOf,
  newCondition,
  operatorsFor,
  withAnswer,
  withConditions,
  withOperator,
  type AnswerField,
  type Operator,
} from './enable-when';
import { conditionCandidates, findItem, type EnableWhen, type QItem } from './questionnaire-tree';
import type { TypeBuilder } from './use-type-builder';

/** The value input of a condition: by the answer[x] field of the question it asks about. */
function ConditionValue(props: {
  condition: EnableWhen;
  question: QItem;
  onChange: (condition: EnableWhen) => void;
  readOnly: boolean;
}) {
  const { condition, question, onChange, readOnly } = props;
  const { t } = useTranslation('careFormBuilder');
  const field = answerFieldOf(question);
  if (condition.operator === 'exists' || field === null) {
    return (
      <Select
        label={t('conditions.value')}
        data={[
          { value: 'true', label: t('conditions.answered') },
          { value: 'false', label: t('conditions.notAnswered') },
        ]}
        value={condition.answerBoolean === false ? 'false' : 'true'}
        onChange={(next) => onChange(withAnswer(condition, 'answerBoolean', next !== 'false'))}
        allowDeselect={false}
        readOnly={readOnly}
      />
    );
  }
  const set = (value: EnableWhen[AnswerField]) => onChange(withAnswer(condition, field, value));
  if (field === 'answerBoolean') {
    return (
      <Select
        label={t('conditions.value')}
        data={[
          { value: 'true', label: t('values.yes') },
          { value: 'false', label: t('values.no') },
        ]}
        value={condition.answerBoolean === undefined ? null : String(condition.answerBoolean)}
        onChange={(next) => set(next === null ? undefined : next === 'true')}
        readOnly={readOnly}
      />
    );
  }
  if ((field === 'answerString' || field === 'answerCoding') && (question.answerOption?.length ?? 0) > 0) {
    const options = question.answerOption ?? [];
    const current = options.findIndex((option) =>
      field === 'answerCoding'
        ? option.valueCoding?.code === condition.answerCoding?.code &&
          option.valueCoding?.system === condition.answerCoding?.system
        : option.valueString === condition.answerString,
    );
    return (
      <Select
        label={t('conditions.value')}
        data={options.map((option, index) => ({ value: String(index), label: optionLabel(option) || String(index + 1) }))}
        value={current < 0 ? null : String(current)}
        onChange={(next) => {
          const option = next === null ? undefined : options[Number(next)];
          set(field === 'answerCoding' ? option?.valueCoding : option?.valueString);
        }}
        readOnly={readOnly}
      />
    );
  }
  if (field === 'answerInteger' || field === 'answerDecimal') {
    const value = condition[field];
    return (
      <NumberInput
        label={t('conditions.value')}
        value={value ?? ''}
        onChange={(next) => set(typeof next === 'number' ? next : undefined)}
        allowDecimal={field === 'answerDecimal'}
        readOnly={readOnly}
      />
    );
  }
  const type = field === 'answerDate' ? 'date' : field === 'answerTime' ? 'time' : 'text';
  const text = typeof condition[field] === 'string' ? (condition[field] as string) : '';
  return (
    <TextInput
      label={t('conditions.value')}
      type={type}
      value={field === 'answerTime' ? text.slice(0, 5) : text}
      onChange={(event) => {
        const next = event.currentTarget.value;
        set(field === 'answerTime' && /^\d\d:\d\d$/.test(next) ? `${next}:00` : next);
      }}
      readOnly={readOnly}
    />
  );
}

/**
 * The item's enableWhen conditions: each picks an earlier question, an operator (those that fit the question) and a
 * value; with more than one, whether all or any must hold. The item is shown to the filler only when they hold.
 */
export function EnableWhenEditor({ builder, item, readOnly }: { builder: TypeBuilder; item: QItem; readOnly: boolean }) {
  const { t } = useTranslation('careFormBuilder');
  const candidates = conditionCandidates(builder.items, item.linkId);
  const conditions = item.enableWhen ?? [];
  const setConditions = (next: EnableWhen[]) => builder.edit(item.linkId, (current) => withConditions(current, next));
  const replace = (index: number, condition: EnableWhen) =>
    setConditions(conditions.map((c, i) => (i === index ? condition : c)));
  const questionLabel = (question: QItem) => `${question.text?.trim() || question.linkId} (${question.linkId})`;

  return (
    <Fieldset legend={t('conditions.title')} variant="filled" p="sm">
      <Stack gap="xs">
        <Text size="sm" c="dimmed">
          {conditions.length === 0 ? t('conditions.always') : t('conditions.help')}
        </Text>
        {conditions.length > 1 && (
          <SegmentedControl
            aria-label={t('conditions.behavior')}
            value={item.enableBehavior ?? 'all'}
            onChange={(value) => builder.edit(item.linkId, (current) => ({ ...current, enableBehavior: value as 'all' | 'any' }))}
            data={[
              { value: 'all', label: t('conditions.all') },
              { value: 'any', label: t('conditions.any') },
            ]}
            disabled={readOnly}
          />
        )}
        {conditions.map((condition, index) => {
          const question = findItem(builder.items, condition.question);
          return (
            <Group key={index} gap={6} align="flex-end" wrap="wrap">
              <Select
                label={t('conditions.question')}
                data={candidates.map((candidate) => ({ value: candidate.linkId, label: questionLabel(candidate) }))}
                value={question ? condition.question : null}
                placeholder={question ? undefined : condition.question}
                onChange={(next) => {
                  const picked = next === null ? undefined : findItem(builder.items, next);
                  if (picked) replace(index, newCondition(picked));
                }}
                allowDeselect={false}
                readOnly={readOnly}
                style={{ flex: '2 1 200px' }}
              />
              <Select
                label={t('conditions.operator')}
                data={(question ? operatorsFor(question) : (['exists'] as Operator[])).map((operator) => ({
                  value: operator,
                  label: t(`operators.${operator}`),
                }))}
                value={condition.operator}
                onChange={(next) => question && next && replace(index, withOperator(condition, question, next as Operator))}
                allowDeselect={false}
                readOnly={readOnly}
                style={{ flex: '1 1 130px' }}
              />
              {question && (
                <div style={{ flex: '1 1 150px' }}>
                  <ConditionValue
                    condition={condition}
                    question={question}
                    onChange={(next) => replace(index, next)}
                    readOnly={readOnly}
                  />
                </div>
              )}
              <ActionIcon
                variant="subtle"
                color="red"
                size="lg"
                aria-label={t('conditions.remove', { number: index + 1 })}
                disabled={readOnly}
                onClick={() => setConditions(conditions.filter((_, i) => i !== index))}
              >
                <IconX size={16} />
              </ActionIcon>
            </Group>
          );
        })}
        {!readOnly && (
          <Button
            variant="default"
            size="xs"
            w="fit-content"
            leftSection={<IconPlus size={14} />}
            disabled={candidates.length === 0}
            onClick={() => setConditions([...conditions, newCondition(candidates[candidates.length - 1]!)])}
          >
            {candidates.length === 0 ? t('conditions.noCandidates') : t('conditions.add')}
          </Button>
        )}
      </Stack>
    </Fieldset>
  );
}
