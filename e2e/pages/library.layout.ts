import type { Locator, Page } from '@playwright/test';

/** The signed-in layout: section navigation, page title and the user menu. */
export class LibraryLayout {
  readonly nav: Locator;
  readonly title: Locator;
  readonly userMenu: Locator;
  readonly userMenuButton: Locator;
  readonly signOut: Locator;

  constructor(private readonly page: Page) {
    this.nav = page.getByRole('navigation', { name: 'Library sections' });
    this.title = page.locator('h1.page-title');
    this.userMenu = page.getByTestId('user-menu');
    this.userMenuButton = this.userMenu.getByRole('button').first();
    this.signOut = page.getByRole('menuitem', { name: 'Sign out' });
  }

  section(name: 'Agents' | 'Spaces' | 'Flows' | 'Steps' | 'Cards' | 'Views'): Locator {
    return this.nav.getByRole('link', { name });
  }

  async openUserMenu(): Promise<void> {
    await this.userMenuButton.click();
  }
}
