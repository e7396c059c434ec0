import { createContext, type ReactNode, useContext } from 'react';
import { createHttpClient, type HttpClient } from './api/http-client';
import { createServiceRegistry, type ServiceRegistry } from './api/service-client';
import { type AuthApi, createAuthApi } from './features/auth/auth.api';
import { type AuthService, createAuthService } from './features/auth/auth.service';
import { browserCookieStore, createSessionCookies, secureCookiesFor, type SessionCookies } from './features/auth/session-cookies';
import { reportError } from './shared/report-error';

/** Everything the pages talk to, built once at start-up and handed down through context. */
export interface AppServices {
  http: HttpClient;
  services: ServiceRegistry;
  cookies: SessionCookies;
  authApi: AuthApi;
  auth: AuthService;
}

export interface AppServicesOptions {
  /** Use only the path of discovered service addresses (the dev server proxies /api). */
  sameOriginServices?: boolean;
}

export function createAppServices({ sameOriginServices = false }: AppServicesOptions = {}): AppServices {
  const cookies = createSessionCookies(browserCookieStore, { secure: secureCookiesFor(window.location) });
  const http = createHttpClient({ getToken: () => cookies.readUser()?.token });
  const services = createServiceRegistry(http, { sameOrigin: sameOriginServices, pageOrigin: window.location.origin });
  const authApi = createAuthApi(services('sdk'));
  const auth = createAuthService({ api: authApi, cookies, logError: reportError, reloadTo: (path) => window.location.assign(path) });
  return { http, services, cookies, authApi, auth };
}

const AppServicesContext = createContext<AppServices | null>(null);

export function AppServicesProvider({ services, children }: { services: AppServices; children: ReactNode }) {
  return <AppServicesContext.Provider value={services}>{children}</AppServicesContext.Provider>;
}

export function useAppServices(): AppServices {
  const services = useContext(AppServicesContext);
  if (!services) throw new Error('useAppServices needs an AppServicesProvider');
  return services;
}
