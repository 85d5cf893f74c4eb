/**
 * The input an error path belongs to: an item of a list of plain values (a tag, a modifier) is edited in one input
 * for the whole list, so `services.1.modifiers.0` shows on `services.1.modifiers`.
 */
export function inputPath(path: string, values: unknown): string {
  const parts = path.split('.');
  let node: unknown = values;
  for (let i = 0; i < parts.length; i++) {
    if (Array.isArray(node) && /^\d+$/.test(parts[i]!)) {
      const item: unknown = node[Number(parts[i])];
      if (item !== undefined && (item === null || typeof item !== 'object')) return parts.slice(0, i).join('.');
    }
    node = node !== null && typeof node === 'object' ? (node as Record<string, unknown>)[parts[i]!] : undefined;
  }
  return path;
}
