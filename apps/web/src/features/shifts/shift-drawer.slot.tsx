import { createContext, use, type ReactNode } from 'react';
import type { ShiftOutput } from '@hearth/shared/shifts/shifts.schema';

/** What a page adds to a visit's drawer, below its details: given the visit shown, the section to render. */
export type ShiftDrawerSlot = (shift: ShiftOutput) => ReactNode;

const SlotContext = createContext<ShiftDrawerSlot | null>(null);

/**
 * Fills the shift drawer's slot for the calendars inside: a route composes another feature's section into the drawer
 * (the chat about the visit, issue 22 item 1) without the shifts feature importing it (features do not import each
 * other). `render` should be stable (defined outside the component) so the drawer does not re-render for nothing.
 */
export function ShiftDrawerSlotProvider({ render, children }: { render: ShiftDrawerSlot; children: ReactNode }) {
  return <SlotContext value={render}>{children}</SlotContext>;
}

/** The section a page put in the drawer for `shift`, or nothing outside a ShiftDrawerSlotProvider. */
export function ShiftDrawerSlotContent({ shift }: { shift: ShiftOutput }) {
  const render = use(SlotContext);
  return render ? render(shift) : null;
}
