import type { Attachment } from './fhir-types';
import { CARE_FORM_ATTACHMENT_MAX_BYTES } from '@hearth/shared/care-forms/care-forms.constants';
import { attachmentOfDataUrl } from './answer-values';

/** Longest side of a photo answer, in pixels: sharp enough to read a wound or a label, small enough to sync. */
export const PHOTO_MAX_SIDE_PX = 1600;

/** JPEG qualities tried in turn until the photo fits CARE_FORM_ATTACHMENT_MAX_BYTES. */
export const PHOTO_JPEG_QUALITIES = [0.85, 0.7, 0.55, 0.4] as const;

/**
 * The size of an image `width` x `height` scaled to fit `max` pixels on its longest side, proportions kept; an image
 * already small enough keeps its size (never enlarged). Sides are whole pixels, at least 1.
 */
export function fitWithin(width: number, height: number, max = PHOTO_MAX_SIDE_PX): { width: number; height: number } {
  const scale = Math.min(1, max / Math.max(width, height, 1));
  return { width: Math.max(1, Math.round(width * scale)), height: Math.max(1, Math.round(height * scale)) };
}

/** Why a photo could not be taken in: not an image the browser reads, or still too large at the lowest quality. */
export class PhotoError extends Error {
  constructor(readonly reason: 'unreadable' | 'tooLarge') {
    super(reason);
  }
}

/** The file decoded as an image the canvas can draw (orientation from EXIF applied by the browser). */
async function decode(file: Blob): Promise<ImageBitmap | HTMLImageElement> {
  if (typeof createImageBitmap === 'function') {
    return createImageBitmap(file, { imageOrientation: 'from-image' }).catch(() => {
      throw new PhotoError('unreadable');
    });
  }
  const url = URL.createObjectURL(file);
  try {
    const image = new Image();
    image.src = url;
    await image.decode();
    return image;
  } catch {
    throw new PhotoError('unreadable');
  } finally {
    URL.revokeObjectURL(url);
  }
}

/**
 * A photo taken or picked on the device as a care form attachment answer (issue 23 item 1, design "Renderer
 * contract"): decoded, scaled to at most PHOTO_MAX_SIDE_PX on its longest side, re-encoded as JPEG (which also drops
 * its EXIF data, location included) at the first of PHOTO_JPEG_QUALITIES that fits CARE_FORM_ATTACHMENT_MAX_BYTES,
 * and returned with its data inline in base64 (`valueAttachment.data`), `contentType` image/jpeg, `size` in bytes
 * and the file's name as `title`. Runs in the browser only.
 * @throws PhotoError 'unreadable' for a file the browser cannot decode, 'tooLarge' when no quality fits
 */
export async function downscalePhoto(file: File): Promise<Attachment> {
  const image = await decode(file);
  const size = fitWithin(image.width, image.height);
  const canvas = document.createElement('canvas');
  canvas.width = size.width;
  canvas.height = size.height;
  const ctx = canvas.getContext('2d');
  if (!ctx) throw new PhotoError('unreadable');
  // JPEG has no transparency: a transparent PNG would turn black without a white ground.
  ctx.fillStyle = '#ffffff';
  ctx.fillRect(0, 0, size.width, size.height);
  ctx.drawImage(image, 0, 0, size.width, size.height);
  if ('close' in image) image.close();
  for (const quality of PHOTO_JPEG_QUALITIES) {
    const attachment = attachmentOfDataUrl(canvas.toDataURL('image/jpeg', quality), file.name);
    if (attachment && (attachment.size ?? Infinity) <= CARE_FORM_ATTACHMENT_MAX_BYTES) return attachment;
  }
  throw new PhotoError('tooLarge');
}
