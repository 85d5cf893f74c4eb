/**
 * Whether this browser can give MapLibre a WebGL context. Headless browsers without a GPU often cannot; the page
 * then draws the plain plot and never downloads MapLibre.
 */
export function webglAvailable(): boolean {
  try {
    const canvas = document.createElement('canvas');
    return Boolean(canvas.getContext('webgl2') ?? canvas.getContext('webgl'));
  } catch {
    return false;
  }
}
