import {
  IconAbc,
  IconAlignLeft,
  IconCalendar,
  IconCalendarTime,
  IconCamera,
  IconClock,
  IconDecimal,
  IconFolder,
  IconInfoCircle,
  IconListCheck,
  IconListDetails,
  IconNumber123,
  IconSignature,
  IconToggleLeft,
  type Icon,
} from '@tabler/icons-react';
import type { ItemKind } from './item-kinds';

const ICONS: Record<ItemKind, Icon> = {
  group: IconFolder,
  display: IconInfoCircle,
  string: IconAbc,
  text: IconAlignLeft,
  boolean: IconToggleLeft,
  integer: IconNumber123,
  decimal: IconDecimal,
  date: IconCalendar,
  dateTime: IconCalendarTime,
  time: IconClock,
  choice: IconListCheck,
  'open-choice': IconListDetails,
  attachment: IconCamera,
  signature: IconSignature,
};

/** The icon of a kind of item in the builder's outline and Add menu (decorative: the kind is also written). */
export function KindIcon({ kind }: { kind: ItemKind }) {
  const KindGlyph = ICONS[kind];
  return <KindGlyph size={16} aria-hidden style={{ flexShrink: 0 }} />;
}
