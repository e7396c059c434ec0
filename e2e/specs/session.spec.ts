import { at, expect, test } from '../fixtures/test';
import { apiToken } from '../fixtures/api';
import { LibraryLayout } from '../pages/library.layout';
import { SignInPage } from '../pages/sign-in.page';
import { demoUsers } from '../fixtures/users';

test.describe('session', () => {
  test('a multi-user chooses an account, then switches account from the user menu', async ({ page, signInPage, libraryLayout }) => {
    await signInPage.open();
    await signInPage.signIn(demoUsers.multi.username);

    await page.getByRole('list', { name: 'Accounts' }).getByRole('button', { name: /^acme/ }).click();
    await expect(page).toHaveURL(at('/bots'));
    await expect(libraryLayout.userMenu).toContainText('ADMIN');

    await libraryLayout.openUserMenu();
    await page.getByRole('menu').getByRole('button', { name: /^demo/ }).click();

    await expect(page).toHaveURL(at('/bots'));
    await expect(libraryLayout.userMenu).toContainText('USER');
  });

  test('the login overlay appears when the session cookies disappear', async ({ page, signInPage }) => {
    await signInPage.open('/cards/favorites');
    await signInPage.signIn(demoUsers.user.username);
    await expect(page).toHaveURL(at('/cards/favorites'));

    await page.context().clearCookies();

    const overlay = page.getByRole('alertdialog');
    await expect(overlay).toContainText('Your session has ended');
    await overlay.getByRole('button', { name: 'Sign in again' }).click();
    await expect(page).toHaveURL(at('/login', '?redirectPath=/cards/favorites'));
  });

  test('the login overlay asks for a reload when another tab signs in as someone else', async ({ page, context, signInPage }) => {
    await signInPage.open();
    await signInPage.signIn(demoUsers.user.username);
    await expect(page).toHaveURL(at('/bots'));

    const otherTab = await context.newPage();
    const otherLayout = new LibraryLayout(otherTab);
    await otherTab.goto('/flows');
    await otherLayout.openUserMenu();
    await otherLayout.signOut.click();
    await expect(otherTab).toHaveURL(at('/login'));
    await new SignInPage(otherTab).signIn(demoUsers.admin.username);
    await expect(otherLayout.userMenu).toContainText(demoUsers.admin.username);

    await page.bringToFront();
    await expect(page.getByRole('alertdialog')).toContainText('You signed in as another user');
    await page.getByRole('button', { name: 'Reload' }).click();
    await expect(page.getByTestId('user-menu')).toContainText(demoUsers.admin.username);
  });

  test('a token query parameter signs in, leaves the URL and reports the path to the parent window', async ({ page, request }) => {
    const token = await apiToken(request, demoUsers.user.username);

    // A same-origin page standing in for the flow builder that embeds the picker.
    await page.goto('/health');
    const messages: unknown[] = [];
    await page.exposeFunction('recordParentMessage', (message: unknown) => messages.push(message));
    await page.setContent(`
      <script>window.addEventListener('message', (event) => window.recordParentMessage(event.data));</script>
      <iframe title="library" src="/iframe/steps/custom?attachToTree=true&token=${encodeURIComponent(token)}"></iframe>
    `);

    const frame = page.frameLocator('iframe[title="library"]');
    await expect(frame.getByRole('heading', { name: 'Custom steps' })).toBeVisible();
    await expect.poll(() => messages).toContainEqual({ type: 'TO_FULL_PATH', fullPath: '/iframe/steps/custom?attachToTree=true' });
    await expect(frame.getByTestId('user-menu')).toHaveCount(0);
  });

  test('after five wrong passwords a captcha question must be answered', async ({ page, signInPage, libraryLayout }) => {
    const username = demoUsers.acmeUser.username;
    await signInPage.open();
    for (let attempt = 0; attempt < 5; attempt += 1) {
      await signInPage.signIn(username, 'wrong-password');
      await expect(signInPage.error).toHaveText('Invalid username or password');
    }

    await signInPage.signIn(username);
    const question = await signInPage.captchaQuestion.textContent();
    const [a, b] = (question ?? '').match(/\d+/g)?.map(Number) ?? [];
    await page.getByLabel('Your answer').fill(String(a + b));
    await page.getByRole('button', { name: 'Continue' }).click();

    await expect(page).toHaveURL(at('/bots'));
    await expect(libraryLayout.userMenu).toContainText(username);
  });
});
