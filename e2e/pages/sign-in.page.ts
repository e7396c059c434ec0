import type { Locator, Page } from '@playwright/test';
import { DEMO_PASSWORD } from '../fixtures/users';

/** The /login page: credentials, and the two-factor and captcha steps. */
export class SignInPage {
  readonly username: Locator;
  readonly password: Locator;
  readonly keepSignedIn: Locator;
  readonly submit: Locator;
  readonly error: Locator;
  readonly verificationCode: Locator;
  readonly captchaQuestion: Locator;

  constructor(private readonly page: Page) {
    this.username = page.getByLabel('Email or username');
    this.password = page.getByLabel('Password');
    this.keepSignedIn = page.getByLabel('Keep me signed in');
    this.submit = page.getByRole('button', { name: 'Sign in' });
    this.error = page.getByRole('alert');
    this.verificationCode = page.getByLabel('Verification code');
    this.captchaQuestion = page.getByLabel('Security question');
  }

  async open(redirectPath?: string): Promise<void> {
    await this.page.goto(redirectPath ? `/login?redirectPath=${redirectPath}` : '/login');
  }

  async signIn(username: string, password = DEMO_PASSWORD, options: { keepSignedIn?: boolean } = {}): Promise<void> {
    await this.username.fill(username);
    await this.password.fill(password);
    if (options.keepSignedIn) await this.keepSignedIn.check();
    await this.submit.click();
  }
}
