import { useEffect, useRef, useState } from 'react';
import { Box, Button, Group, Input, Paper, Text, TextInput, type MantineSize } from '@mantine/core';
import { useElementSize } from '@mantine/hooks';
import { IconEraser, IconKeyboard, IconSignature } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { useSignatureDrawing } from './signature-pad.drawing';
import { typedSignaturePng } from './signature-typed';

/** Height of the pad in CSS pixels: room for a signature written with a finger. */
const DEFAULT_HEIGHT = 160;

/** The pad's buttons: type the name instead of drawing (or back), and clear the drawing. */
function PadButtons(props: { typed: boolean; signed: boolean; onToggle: () => void; onClear: () => void }) {
  const { typed, signed, onToggle, onClear } = props;
  const { t } = useTranslation('caregiverApp');
  return (
    <Group justify="space-between" mt={4} gap="xs">
      <Button
        size="compact-sm"
        variant="subtle"
        leftSection={typed ? <IconSignature size={14} /> : <IconKeyboard size={14} />}
        onClick={onToggle}
        aria-pressed={typed}
      >
        {typed ? t('signatures.drawInstead') : t('signatures.typeInstead')}
      </Button>
      {!typed && (
        <Button
          size="compact-sm"
          variant="subtle"
          color="gray"
          leftSection={<IconEraser size={14} />}
          onClick={onClear}
          disabled={!signed}
        >
          {t('signatures.clear')}
        </Button>
      )}
    </Group>
  );
}

/**
 * A signature (or initials) drawn with a finger, pen or mouse on a canvas (issue "caregiver app" item 5), or typed
 * (issue 27, WCAG 2.2 AA: a way that needs no drawing, for a keyboard, a switch or an unsteady hand). Drawing uses
 * pointer events with touch-action none, so it never scrolls the page; the canvas is sized in device pixels, so ink
 * stays sharp on a phone's dense screen. Each finished stroke hands the whole drawing up as a PNG data URL (the
 * format ZSignatureImage accepts); Clear hands up null. "Type name instead" swaps drawing for a text box: the typed
 * name, written onto an image of the pad's size (signature-typed.ts), is handed up as the same PNG and shown on the
 * pad; "Draw instead" goes back to an empty pad. A `value` given from outside (an answer saved before) is shown until
 * the person signs anew.
 */
export function SignaturePad(props: {
  label: string;
  description?: string;
  value: string | null;
  onChange: (value: string | null) => void;
  error?: string;
  height?: number;
  /** Marks the pad as one that must be signed (an asterisk by the label). */
  required?: boolean;
  /** The label's size, to match the inputs around the pad (Mantine's default when left out). */
  size?: MantineSize;
}) {
  const { label, description, value, onChange, error, height = DEFAULT_HEIGHT, required = false, size } = props;
  const { t } = useTranslation('caregiverApp');
  const { ref: boxRef, width } = useElementSize();
  const { canvasRef, onPointerDown, onPointerMove, finish, clear } = useSignatureDrawing({ value, onChange, width, height });
  const [typed, setTyped] = useState(false);
  const [name, setName] = useState('');
  const nameRef = useRef<HTMLInputElement>(null);
  // "Type name instead" moves the focus into the new text box, where the keyboard is wanted next.
  useEffect(() => {
    if (typed) nameRef.current?.focus();
  }, [typed]);
  const draw = typed ? {} : { onPointerDown, onPointerMove, onPointerUp: finish, onPointerCancel: finish };

  return (
    <Input.Wrapper label={label} description={description} error={typed ? undefined : error} withAsterisk={required} size={size}>
      <Paper
        withBorder
        radius="md"
        mt={4}
        bg="white"
        style={{ borderColor: error ? 'var(--mantine-color-error)' : undefined, overflow: 'hidden' }}
      >
        <Box ref={boxRef} pos="relative" h={height}>
          <canvas
            ref={canvasRef}
            role="img"
            aria-label={t('signatures.pad', { label })}
            data-signed={value ? 'true' : 'false'}
            style={{
              width: '100%',
              height,
              display: 'block',
              touchAction: 'none',
              userSelect: 'none',
              cursor: typed ? 'default' : 'crosshair',
            }}
            {...draw}
          />
          {!value && !typed && (
            <Text
              size="xs"
              c="gray.5"
              pos="absolute"
              left={12}
              bottom={8}
              style={{ pointerEvents: 'none', borderTop: '1px solid var(--mantine-color-gray-4)', width: 'calc(100% - 24px)' }}
            >
              {t('signatures.drawHere')}
            </Text>
          )}
        </Box>
      </Paper>
      {typed && (
        <TextInput
          mt="xs"
          size="sm"
          ref={nameRef}
          autoComplete="off"
          label={t('signatures.typedLabel', { label })}
          description={t('signatures.typedHint')}
          value={name}
          error={error}
          onChange={(event) => {
            const next = event.currentTarget.value;
            setName(next);
            onChange(typedSignaturePng(next, width, height));
          }}
        />
      )}
      <PadButtons
        typed={typed}
        signed={!!value}
        onClear={clear}
        onToggle={() => {
          setTyped(!typed);
          setName('');
          onChange(null);
        }}
      />
    </Input.Wrapper>
  );
}
