import { at, expect, test } from '../fixtures/test';
import { demoUsers } from '../fixtures/users';

test.describe('sign-in', () => {
  test('a user signs in and lands on the spaces page with the user menu', async ({ page, signInPage, libraryLayout }) => {
    await signInPage.open();
    await signInPage.signIn(demoUsers.user.username);

    await expect(page).toHaveURL(at('/bots'));
    await expect(libraryLayout.userMenu).toContainText(demoUsers.user.username);
    await expect(libraryLayout.userMenu).toContainText(demoUsers.user.role);
    await expect(libraryLayout.title).toHaveText('Spaces');

    const cookies = await page.context().cookies();
    const token = cookies.find((cookie) => cookie.name === 'multitenant_davinci_token');
    expect(token).toMatchObject({ secure: true, sameSite: 'Lax' });
  });

  test('a guest is refused with the server message', async ({ page, signInPage }) => {
    await signInPage.open();
    await signInPage.signIn(demoUsers.guest.username);

    await expect(signInPage.error).toHaveText('Authorization for guests is not allowed');
    await expect(page).toHaveURL(at('/login'));
  });

  test('a signed-out visit to /flows goes to sign-in and comes back after it', async ({ page, signInPage, libraryLayout }) => {
    await page.goto('/flows');

    await expect(page).toHaveURL(at('/login', '?redirectPath=/flows'));
    await signInPage.signIn(demoUsers.user.username);

    await expect(page).toHaveURL(at('/flows', ''));
    await expect(libraryLayout.title).toHaveText('Flows');
    await expect(libraryLayout.userMenu).toContainText(demoUsers.user.username);
  });
});
