import { Box, Button, Group, Input, Paper, Text } from '@mantine/core';
import { useElementSize } from '@mantine/hooks';
import { IconEraser } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { useSignatureDrawing } from './signature-pad.drawing';

/** Height of the pad in CSS pixels: room for a signature written with a finger. */
const DEFAULT_HEIGHT = 160;

/**
 * A signature (or initials) drawn with a finger, pen or mouse on a canvas (issue "caregiver app" item 5). Pointer
 * events with touch-action none, so drawing never scrolls the page; the canvas is sized in device pixels, so ink
 * stays sharp on a phone's dense screen. Each finished stroke hands the whole drawing up as a PNG data URL (the
 * format ZSignatureImage accepts); Clear hands up null. A `value` given from outside (an answer saved before) is
 * shown until the person draws anew.
 */
export function SignaturePad(props: {
  label: string;
  description?: string;
  value: string | null;
  onChange: (value: string | null) => void;
  error?: string;
  height?: number;
}) {
  const { label, description, value, onChange, error, height = DEFAULT_HEIGHT } = props;
  const { t } = useTranslation();
  const { ref: boxRef, width } = useElementSize();
  const { canvasRef, onPointerDown, onPointerMove, finish, clear } = useSignatureDrawing({ value, onChange, width, height });

  return (
    <Input.Wrapper label={label} description={description} error={error}>
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
            style={{ width: '100%', height, display: 'block', touchAction: 'none', userSelect: 'none', cursor: 'crosshair' }}
            onPointerDown={onPointerDown}
            onPointerMove={onPointerMove}
            onPointerUp={finish}
            onPointerCancel={finish}
          />
          {!value && (
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
      <Group justify="flex-end" mt={4}>
        <Button
          size="compact-sm"
          variant="subtle"
          color="gray"
          leftSection={<IconEraser size={14} />}
          onClick={clear}
          disabled={!value}
        >
          {t('signatures.clear')}
        </Button>
      </Group>
    </Input.Wrapper>
  );
}
