import { Session } from '@library/contracts';
import Cookies from 'js-cookie';

/** Spec 9: cookie name prefix. */
export const COOKIE_PREFIX = 'multitenant_davinci';
export const SESSION_COOKIES = {
  token: `${COOKIE_PREFIX}_token`,
  user: `${COOKIE_PREFIX}_user`,
  multiUserToken: `${COOKIE_PREFIX}_multi_user_token`,
  multiUser: `${COOKIE_PREFIX}_multi_user`,
} as const;
/** Spec 9: the login overlay polls the cookies this often. */
export const COOKIE_POLL_MS = 500;

export interface CookieAttributes {
  expires?: Date;
  secure: boolean;
  sameSite: 'Lax';
  path: string;
}

/** The browser's cookie jar, or a fake in tests. */
export interface CookieStore {
  get(name: string): string | undefined;
  set(name: string, value: string, attributes: CookieAttributes): void;
  remove(name: string, attributes: CookieAttributes): void;
}

export const browserCookieStore: CookieStore = {
  get: (name) => Cookies.get(name),
  set: (name, value, attributes) => {
    Cookies.set(name, value, attributes);
  },
  remove: (name, attributes) => Cookies.remove(name, attributes),
};

/** Secure cookies on https, and on localhost, which browsers treat as a secure context. */
export function secureCookiesFor(location: Pick<Location, 'protocol' | 'hostname'>): boolean {
  return location.protocol === 'https:' || ['localhost', '127.0.0.1', '[::1]'].includes(location.hostname);
}

export interface SessionCookies {
  /** The signed-in user, or null when the cookies are missing, unreadable or expired. */
  readUser(): Session | null;
  saveUser(session: Session): void;
  /** The multi-user session kept for the account switch (spec 4), if the sign-in was a multi-user one. */
  readMultiUser(): Session | null;
  saveMultiUser(session: Session): void;
  clearMultiUser(): void;
  /** Removes every session cookie, user and multi-user. */
  clearAll(): void;
}

export interface SessionCookiesOptions {
  secure: boolean;
  now?: () => number;
}

export function createSessionCookies(store: CookieStore, { secure, now = Date.now }: SessionCookiesOptions): SessionCookies {
  const attributes = (expire?: number): CookieAttributes => ({
    secure,
    sameSite: 'Lax',
    path: '/',
    ...(expire === undefined ? {} : { expires: new Date(expire) }),
  });

  const read = (tokenName: string, dataName: string): Session | null => {
    const token = store.get(tokenName);
    const data = store.get(dataName);
    if (!token || !data) return null;
    try {
      const parsed = Session.safeParse({ ...JSON.parse(data), token });
      if (!parsed.success || parsed.data.expire <= now()) return null;
      return parsed.data;
    } catch {
      return null;
    }
  };

  const write = (tokenName: string, dataName: string, session: Session) => {
    const { token, ...data } = session;
    store.set(tokenName, token, attributes(session.expire));
    store.set(dataName, JSON.stringify(data), attributes(session.expire));
  };

  return {
    readUser: () => read(SESSION_COOKIES.token, SESSION_COOKIES.user),
    saveUser: (session) => write(SESSION_COOKIES.token, SESSION_COOKIES.user, session),
    readMultiUser: () => read(SESSION_COOKIES.multiUserToken, SESSION_COOKIES.multiUser),
    saveMultiUser: (session) => write(SESSION_COOKIES.multiUserToken, SESSION_COOKIES.multiUser, session),
    clearMultiUser: () => {
      store.remove(SESSION_COOKIES.multiUserToken, attributes());
      store.remove(SESSION_COOKIES.multiUser, attributes());
    },
    clearAll: () => {
      for (const name of Object.values(SESSION_COOKIES)) store.remove(name, attributes());
    },
  };
}
