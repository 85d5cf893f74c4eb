import { useCallback, useEffect, useRef, type PointerEvent } from 'react';
import { Box, Button, Group, Input, Paper, Text } from '@mantine/core';
import { useElementSize } from '@mantine/hooks';
import { IconEraser } from '@tabler/icons-react';
import {
  backingSize,
  exportScale,
  hasInk,
  INK_COLOR,
  INK_WIDTH,
  padPoint,
  renderStrokes,
  type Stroke,
} from './signature-strokes';

/** Height of the pad in CSS pixels: room for a signature written with a finger. */
const DEFAULT_HEIGHT = 160;

function pixelRatio(): number {
  return typeof window === 'undefined' ? 1 : window.devicePixelRatio || 1;
}

/** The strokes as a PNG data URL at a bounded density (transparent background, dark ink). */
function strokesToPng(strokes: Stroke[], cssWidth: number, cssHeight: number): string | null {
  const scale = exportScale(pixelRatio());
  const canvas = document.createElement('canvas');
  const size = backingSize(cssWidth, cssHeight, scale);
  canvas.width = size.width;
  canvas.height = size.height;
  const ctx = canvas.getContext('2d');
  if (!ctx) return null;
  renderStrokes(ctx, strokes, scale, cssWidth, cssHeight);
  return canvas.toDataURL('image/png');
}

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
  const { ref: boxRef, width } = useElementSize();
  const canvasRef = useRef<HTMLCanvasElement | null>(null);
  const strokes = useRef<Stroke[]>([]);
  const activePointer = useRef<number | null>(null);
  /** The last PNG this pad handed up: a `value` equal to it is our own drawing, not one to show from outside. */
  const exported = useRef<string | null>(null);

  const redraw = useCallback(() => {
    const canvas = canvasRef.current;
    const ctx = canvas?.getContext('2d');
    if (!canvas || !ctx || width <= 0) return;
    const scale = pixelRatio();
    const size = backingSize(width, height, scale);
    if (canvas.width !== size.width) canvas.width = size.width;
    if (canvas.height !== size.height) canvas.height = size.height;
    renderStrokes(ctx, strokes.current, scale, width, height);
    if (!hasInk(strokes.current) && value) {
      const image = new Image();
      image.onload = () => {
        // Still nothing drawn since: show the saved drawing, scaled into the pad keeping its proportions.
        if (hasInk(strokes.current)) return;
        const fit = Math.min(width / image.width, height / image.height);
        ctx.drawImage(image, 0, 0, image.width * fit, image.height * fit);
      };
      image.src = value;
    }
  }, [width, height, value]);

  useEffect(() => {
    if (value !== exported.current) {
      // Cleared or replaced from outside (another choice of signing, a saved answer): start from it.
      strokes.current = [];
      exported.current = value;
    }
    redraw();
  }, [value, redraw]);

  const finish = () => {
    activePointer.current = null;
    if (!hasInk(strokes.current) || width <= 0) return;
    const png = strokesToPng(strokes.current, width, height);
    exported.current = png;
    onChange(png);
  };

  const onPointerDown = (event: PointerEvent<HTMLCanvasElement>) => {
    if (activePointer.current !== null) return;
    event.preventDefault();
    event.currentTarget.setPointerCapture(event.pointerId);
    activePointer.current = event.pointerId;
    if (!hasInk(strokes.current) && value) {
      // Drawing over a saved signature replaces it.
      const ctx = canvasRef.current?.getContext('2d');
      ctx?.setTransform(pixelRatio(), 0, 0, pixelRatio(), 0, 0);
      ctx?.clearRect(0, 0, width, height);
    }
    const point = padPoint(event.currentTarget.getBoundingClientRect(), event.clientX, event.clientY);
    strokes.current.push([point]);
    const ctx = canvasRef.current?.getContext('2d');
    if (ctx) {
      ctx.fillStyle = INK_COLOR;
      ctx.beginPath();
      ctx.arc(point.x, point.y, INK_WIDTH / 2, 0, Math.PI * 2);
      ctx.fill();
    }
  };

  const onPointerMove = (event: PointerEvent<HTMLCanvasElement>) => {
    if (activePointer.current !== event.pointerId) return;
    const stroke = strokes.current[strokes.current.length - 1];
    const ctx = canvasRef.current?.getContext('2d');
    if (!stroke || !ctx) return;
    const rect = event.currentTarget.getBoundingClientRect();
    // Coalesced events carry the points a fast finger passed between two frames.
    const native = event.nativeEvent;
    const events = typeof native.getCoalescedEvents === 'function' ? native.getCoalescedEvents() : [];
    const points = (events.length > 0 ? events : [native]).map((e) => padPoint(rect, e.clientX, e.clientY));
    ctx.lineWidth = INK_WIDTH;
    ctx.lineCap = 'round';
    ctx.lineJoin = 'round';
    ctx.strokeStyle = INK_COLOR;
    ctx.beginPath();
    const last = stroke[stroke.length - 1]!;
    ctx.moveTo(last.x, last.y);
    for (const p of points) {
      ctx.lineTo(p.x, p.y);
      stroke.push(p);
    }
    ctx.stroke();
  };

  const clear = () => {
    strokes.current = [];
    exported.current = null;
    onChange(null);
    redraw();
  };

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
            aria-label={`${label} pad`}
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
              Draw here
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
          Clear
        </Button>
      </Group>
    </Input.Wrapper>
  );
}
