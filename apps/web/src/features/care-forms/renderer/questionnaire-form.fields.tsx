import { useState } from 'react';
import { Group, NumberInput, Radio, Text, Textarea, TextInput } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { dateTimeToInput, dateToInput, inputToDateTime, inputToTime, numberAnswer, timeToInput } from './answer-values';
import type { QuestionnaireItem, QuestionnaireResponseItemAnswer } from './fhir-types';

/** What every single-answer input receives: its item, its answer, and how to hand up a new one (null: none). */
export interface AnswerInputProps {
  item: QuestionnaireItem;
  answer: QuestionnaireResponseItemAnswer | undefined;
  onAnswer: (answer: QuestionnaireResponseItemAnswer | null) => void;
  /** The accessible label (the item's text, or "text 2" for a repeated answer). */
  label: string;
  error: string | undefined;
  readOnly: boolean;
  required: boolean;
}

/** A yes/no question: two radio buttons, so "no" is an answer and not the absence of one. */
function BooleanInput(props: AnswerInputProps) {
  const { t } = useTranslation('careForms');
  const value = props.answer?.valueBoolean;
  return (
    <Radio.Group
      size="xs"
      label={props.label}
      withAsterisk={props.required}
      error={props.error}
      value={value === undefined ? null : String(value)}
      onChange={(next) => props.onAnswer({ valueBoolean: next === 'true' })}
      readOnly={props.readOnly}
    >
      <Group gap="lg" mt={6}>
        <Radio size="sm" value="true" label={t('renderer.yes')} disabled={props.readOnly && value !== true} />
        <Radio size="sm" value="false" label={t('renderer.no')} disabled={props.readOnly && value !== false} />
      </Group>
    </Radio.Group>
  );
}

/**
 * An integer or decimal: the typed text is kept while it is not yet a number ("1.", "-"), so typing is never
 * undone; a complete number is handed up as valueInteger or valueDecimal.
 */
function NumberAnswerInput(props: AnswerInputProps & { type: 'integer' | 'decimal' }) {
  const { t } = useTranslation('careForms');
  const { answer, type } = props;
  const stored = type === 'integer' ? answer?.valueInteger : answer?.valueDecimal;
  const [text, setText] = useState<string | number>(stored ?? '');
  // An answer changed from outside (a reload, another device) replaces what is shown.
  const shown = numberAnswer(text, type) === (stored ?? null) ? text : (stored ?? '');
  return (
    <NumberInput
      label={props.label}
      withAsterisk={props.required}
      error={props.error}
      readOnly={props.readOnly}
      placeholder={props.readOnly ? t('renderer.noAnswer') : undefined}
      value={shown}
      allowDecimal={type === 'decimal'}
      decimalSeparator="."
      inputMode={type === 'decimal' ? 'decimal' : 'numeric'}
      hideControls
      onChange={(next) => {
        setText(next);
        const n = numberAnswer(next, type);
        props.onAnswer(n === null ? null : type === 'integer' ? { valueInteger: n } : { valueDecimal: n });
      }}
    />
  );
}

/** The browser's own date, time or date-and-time picker: light, and native on a phone. */
function NativePickerInput(props: AnswerInputProps & { type: 'date' | 'dateTime' | 'time' }) {
  const { t } = useTranslation('careForms');
  const { answer, type } = props;
  const value =
    type === 'date'
      ? dateToInput(answer?.valueDate)
      : type === 'time'
        ? timeToInput(answer?.valueTime)
        : dateTimeToInput(answer?.valueDateTime);
  return (
    <TextInput
      label={props.label}
      withAsterisk={props.required}
      error={props.error}
      readOnly={props.readOnly}
      // Read-only and unanswered, it says so instead of showing an empty picker's mask.
      type={props.readOnly && value === '' ? 'text' : type === 'dateTime' ? 'datetime-local' : type}
      placeholder={props.readOnly ? t('renderer.noAnswer') : undefined}
      value={value}
      maw={type === 'time' ? 160 : 260}
      onChange={(event) => {
        const input = event.currentTarget.value;
        if (type === 'date') return props.onAnswer(input === '' ? null : { valueDate: input });
        if (type === 'time') {
          const time = inputToTime(input);
          return props.onAnswer(time === null ? null : { valueTime: time });
        }
        const dateTime = inputToDateTime(input);
        props.onAnswer(dateTime === null ? null : { valueDateTime: dateTime });
      }}
    />
  );
}

/** A short text (string) on one line, or a long one (text) in a growing box; maxLength is enforced as typed. */
function TextAnswerInput(props: AnswerInputProps) {
  const { t } = useTranslation('careForms');
  const { item } = props;
  const common = {
    label: props.label,
    withAsterisk: props.required,
    error: props.error,
    readOnly: props.readOnly,
    placeholder: props.readOnly ? t('renderer.noAnswer') : undefined,
    maxLength: item.maxLength,
    value: props.answer?.valueString ?? '',
    description:
      item.maxLength !== undefined && !props.readOnly
        ? `${(props.answer?.valueString ?? '').length} / ${item.maxLength}`
        : undefined,
    inputWrapperOrder: ['label', 'input', 'description', 'error'] as ('label' | 'input' | 'description' | 'error')[],
  };
  const hand = (text: string) => props.onAnswer(text === '' ? null : { valueString: text });
  return item.type === 'text' ? (
    <Textarea {...common} autosize minRows={3} maxRows={12} onChange={(e) => hand(e.currentTarget.value)} />
  ) : (
    <TextInput {...common} onChange={(e) => hand(e.currentTarget.value)} />
  );
}

/**
 * One answer's input for the simple item types: boolean, integer, decimal, date, dateTime, time, string and text
 * (choices, photos and signatures have inputs of their own). Labelled with the item's text, marked when required,
 * read-only when the item or the form is, with the item's problem under it.
 */
export function SimpleAnswerInput(props: AnswerInputProps) {
  const { item } = props;
  switch (item.type) {
    case 'boolean':
      return <BooleanInput {...props} />;
    case 'integer':
    case 'decimal':
      return <NumberAnswerInput {...props} type={item.type} />;
    case 'date':
    case 'dateTime':
    case 'time':
      return <NativePickerInput {...props} type={item.type} />;
    case 'string':
    case 'text':
      return <TextAnswerInput {...props} />;
    default:
      return (
        <Text size="sm" c="dimmed">
          {props.label}
        </Text>
      );
  }
}
