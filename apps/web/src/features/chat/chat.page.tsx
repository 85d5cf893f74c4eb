import { Alert } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useCurrentUser } from '@/api/current-user';
import { ChatPhonePage } from './chat-phone.page';
import { ChatStaffPage } from './chat-staff.page';

/**
 * /chat (issue 22 item 6; spec "Home, map, notifications, chat, mocks"): caregivers get the phone layout under their
 * bottom bar's Chat tab, everyone else the staff screen. A user without chat (the role's chatEnabled or their own
 * off) is told so rather than shown screens whose every call would be refused.
 */
export function ChatPage() {
  const { t } = useTranslation('chat');
  // The session gate renders pages only once the current user has loaded.
  const user = useCurrentUser().data;
  if (!user) return null;
  if (!user.chat.enabled) {
    return (
      <Alert color="gray" title={t('page.title')} m="md">
        {t('page.disabled')}
      </Alert>
    );
  }
  return user.isCaregiver ? <ChatPhonePage /> : <ChatStaffPage user={user} />;
}
