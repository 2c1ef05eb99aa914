import { expect, type APIRequestContext, type Locator, type Page } from '@playwright/test';
import type { Notification } from '../../src/shared/contract/notifications';

/** The server's list for the signed-in user (GET /api/user/notifications), newest first. */
export async function fetchNotifications(request: APIRequestContext): Promise<Notification[]> {
  const response = await request.get('/api/user/notifications');
  expect(response.ok()).toBe(true);
  return (await response.json()) as Notification[];
}

/** /user/notifications, and the header's bell with its unread badge. */
export class NotificationsPage {
  readonly list: Locator;
  readonly markAll: Locator;
  readonly pager: Locator;
  /** The header's link; its name carries the unread count ('Notifications, 3 unread'). */
  readonly headerLink: Locator;

  constructor(readonly page: Page) {
    const main = page.getByRole('main');
    this.list = main.getByRole('list', { name: 'Your notifications' });
    this.markAll = main.getByRole('button', { name: 'Mark all as read' });
    this.pager = main.getByRole('navigation', { name: 'Notifications pages' });
    this.headerLink = page.getByRole('banner').getByRole('link', { name: /^Notifications/ });
  }

  async goto(): Promise<void> {
    await this.page.goto('/user/notifications');
    await expect(this.page.getByRole('main').getByRole('heading', { level: 1, name: 'Notifications' })).toBeVisible();
    await expect(this.list.getByRole('listitem').first()).toBeVisible();
  }

  /** The titles in view, top to bottom. */
  async titles(): Promise<string[]> {
    return this.list.getByRole('heading', { level: 2 }).allInnerTexts();
  }

  item(title: string): Locator {
    return this.list.getByRole('listitem').filter({ has: this.page.getByRole('heading', { level: 2, name: title, exact: true }) });
  }

  heading(title: string): Locator {
    return this.item(title).getByRole('heading', { level: 2 });
  }

  markAsRead(title: string): Locator {
    return this.item(title).getByRole('button', { name: `Mark as read: ${title}` });
  }

  open(title: string): Locator {
    return this.item(title).getByRole('link', { name: `Open: ${title}` });
  }

  /** The read state in words: 'Unread' or 'Read'. */
  state(title: string, state: 'Read' | 'Unread'): Locator {
    return this.item(title).getByText(state, { exact: true });
  }

  pending(title: string): Locator {
    return this.item(title).getByText('Marked as read, waiting to sync');
  }

  /** The badge's visible count, inside the header link. */
  badge(text: string): Locator {
    return this.headerLink.getByText(text, { exact: true });
  }

  async expectUnreadBadge(unread: number): Promise<void> {
    if (unread === 0) {
      await expect(this.headerLink).toHaveAccessibleName('Notifications');
      await expect(this.headerLink.getByText(/^\d+\+?$/)).toHaveCount(0);
      return;
    }
    await expect(this.headerLink).toHaveAccessibleName(`Notifications, ${unread} unread`);
    await expect(this.badge(unread > 99 ? '99+' : String(unread))).toBeVisible();
  }
}
