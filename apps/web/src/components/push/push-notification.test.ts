import { describe, expect, it } from 'vitest';
import { notificationOf, pageUrlOf, tabFor } from './push-notification';

const ORIGIN = 'https://care.agency.example';

describe('what the service worker shows for a push', () => {
  it('shows the title and body, and opens the link on the app', () => {
    const shown = notificationOf(
      { title: 'Visit moved', body: 'Now at 10:00', link: '/app?day=2', kind: 'visit_moved' },
      ORIGIN,
      'Hearth',
    );
    expect(shown).toEqual({
      title: 'Visit moved',
      options: { body: 'Now at 10:00', icon: '/icons/icon-192.png', data: { url: `${ORIGIN}/app?day=2` } },
    });
  });

  it('falls back to the product name and the home page when the push carries neither', () => {
    expect(notificationOf(null, ORIGIN, 'Hearth')).toMatchObject({
      title: 'Hearth',
      options: { body: '', data: { url: `${ORIGIN}/` } },
    });
  });

  it('never sends the reader off the app', () => {
    expect(pageUrlOf('https://evil.example/phish', ORIGIN)).toBe(`${ORIGIN}/`);
    expect(pageUrlOf('//evil.example/x', ORIGIN)).toBe(`${ORIGIN}/`);
    expect(pageUrlOf('javascript:alert(1)', ORIGIN)).toBe(`${ORIGIN}/`);
    expect(pageUrlOf('/notifications', ORIGIN)).toBe(`${ORIGIN}/notifications`);
  });
});

describe('the tab a click lands in', () => {
  const at = (path: string, focused = false) => ({ url: `${ORIGIN}${path}`, focused });

  it('is one already on the page, else the focused tab, else any, else none', () => {
    const onPage = at('/app/pickup');
    const focused = at('/app', true);
    const other = at('/chat');
    expect(tabFor([other, focused, onPage], `${ORIGIN}/app/pickup`)).toBe(onPage);
    expect(tabFor([other, focused], `${ORIGIN}/app/pickup`)).toBe(focused);
    expect(tabFor([other], `${ORIGIN}/app/pickup`)).toBe(other);
    expect(tabFor([], `${ORIGIN}/app/pickup`)).toBeNull();
  });
});
