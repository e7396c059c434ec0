import type { SignInRequest, SignInResponse } from '@library/contracts';
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { type AppServices, AppServicesProvider } from '../../../app-services';
import { HttpError } from '../../../api/http-errors';
import { createAuthService } from '../auth.service';
import { SignInPage } from '../sign-in.page';
import { aSession, fakeAuthApi, memoryCookies, NOW } from './fakes';

function renderSignIn(signIn: (request: SignInRequest) => Promise<SignInResponse>) {
  const { cookies, jar } = memoryCookies(() => NOW);
  const { api, calls } = fakeAuthApi({ signIn });
  const auth = createAuthService({ api, cookies, now: () => NOW, pollMs: 60_000 });
  const services = { auth, authApi: api, cookies } as unknown as AppServices;
  render(
    <AppServicesProvider services={services}>
      <MemoryRouter initialEntries={['/login?redirectPath=/flows']}>
        <Routes>
          <Route path="/login" element={<SignInPage />} />
          <Route path="/flows" element={<h1>Flows page</h1>} />
        </Routes>
      </MemoryRouter>
    </AppServicesProvider>,
  );
  return { auth, jar, calls };
}

function fillCredentials(username: string, keepSignedIn = false) {
  fireEvent.change(screen.getByLabelText('Email or username'), { target: { value: username } });
  fireEvent.change(screen.getByLabelText('Password'), { target: { value: 'Library-demo-1' } });
  if (keepSignedIn) fireEvent.click(screen.getByLabelText('Keep me signed in'));
  fireEvent.click(screen.getByRole('button', { name: 'Sign in' }));
}

afterEach(cleanup);

describe('SignInPage', () => {
  it("shows the server's message when sign-in is refused", async () => {
    const { auth } = renderSignIn(async () => {
      throw new HttpError('Authorization for guests is not allowed', 403, {});
    });

    fillCredentials('guest@library.test');

    expect(await screen.findByRole('alert')).toHaveProperty('textContent', 'Authorization for guests is not allowed');
    auth.stop();
  });

  it('asks for the two-factor code, then signs in and goes to redirectPath', async () => {
    const { auth, jar, calls } = renderSignIn(async (request) =>
      request.verificationCode ? aSession({ expire: NOW + 1_000_000 }) : { twoFactorCheck: true },
    );

    fillCredentials('user@library.test', true);
    fireEvent.change(await screen.findByLabelText('Verification code'), { target: { value: '123456' } });
    fireEvent.click(screen.getByLabelText('Remember this device'));
    fireEvent.click(screen.getByRole('button', { name: 'Verify' }));

    expect(await screen.findByRole('heading', { name: 'Flows page' })).toBeTruthy();
    expect(calls[1].args[0]).toMatchObject({ expireLong: true, verificationCode: '123456', rememberTwoFactor: true });
    expect(auth.actor.getSnapshot().matches('authorized')).toBe(true);
    expect(jar.get('multitenant_davinci_token')).toBe('user-token');
    auth.stop();
  });

  it('shows the captcha question and sends "<id>:<answer>"', async () => {
    const { auth, calls } = renderSignIn(async (request) =>
      request.captchaToken ? aSession() : { captchaCheck: true, captcha: { id: 'c-1', question: '7 + 5 = ?' } },
    );

    fillCredentials('user@library.test');
    expect(await screen.findByText('7 + 5 = ?')).toBeTruthy();
    fireEvent.change(screen.getByLabelText('Your answer'), { target: { value: '12' } });
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Continue' }));
    });

    expect(await screen.findByRole('heading', { name: 'Flows page' })).toBeTruthy();
    expect(calls[1].args[0]).toMatchObject({ captchaToken: 'c-1:12' });
    auth.stop();
  });
});
