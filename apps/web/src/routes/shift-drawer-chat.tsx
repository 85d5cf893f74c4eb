import type { ReactNode } from 'react';
import type { ShiftOutput } from '@hearth/shared/shifts/shifts.schema';
import { ChatAboutSection } from '@/features/chat/chat-about.section';
import { ShiftDrawerSlotProvider } from '@/features/shifts/shift-drawer.slot';

/** The chat about the visit shown in the drawer (ChatAboutSection hides itself for a user without chat). */
function chatAboutVisit(shift: ShiftOutput) {
  return <ChatAboutSection about={{ kind: 'visit', shiftId: shift.id, caregiverId: shift.caregiverId }} />;
}

/**
 * The shift drawers of the calendars inside list the conversations about the visit shown (issue 22 item 1) and offer
 * to message its caregiver. Composed here because features do not import each other.
 */
export function WithChatInShiftDrawer({ children }: { children: ReactNode }) {
  return <ShiftDrawerSlotProvider render={chatAboutVisit}>{children}</ShiftDrawerSlotProvider>;
}
