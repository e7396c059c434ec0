import { Messages, type ServiceName } from '@library/contracts';
import type { HttpClient, HttpRequest } from './http-client';

/** Spec 4: a service client starts NEW and becomes SUCCESS or ERROR once its address is discovered. */
export type ServiceStatus = 'NEW' | 'SUCCESS' | 'ERROR';

export interface ServiceClient {
  readonly name: ServiceName;
  readonly status: ServiceStatus;
  readonly serviceUrl: string | undefined;
  discover(): Promise<string>;
  request<T>(path: string, request?: Omit<HttpRequest, 'url'>): Promise<T>;
}

export interface ServiceClientOptions {
  /** Discovery endpoint; `GET {discoveryUrl}?serviceName=...` answers `{ url }`. */
  discoveryUrl?: string;
  /**
   * Keep only the path of discovered addresses whose origin differs from the page's
   * (the Vite dev server proxies `/api` to the API, which reports its own origin).
   */
  sameOrigin?: boolean;
  pageOrigin?: string;
}

function toSameOrigin(url: string, pageOrigin: string | undefined): string {
  if (!pageOrigin) return url;
  const parsed = new URL(url, pageOrigin);
  return parsed.origin === pageOrigin ? url : `${parsed.pathname}${parsed.search}`.replace(/\/$/, '');
}

export function createServiceClient(name: ServiceName, http: HttpClient, options: ServiceClientOptions = {}): ServiceClient {
  const discoveryUrl = options.discoveryUrl ?? '/api/v2';
  let status: ServiceStatus = 'NEW';
  let serviceUrl: string | undefined;
  let pending: Promise<string> | undefined;

  const discover = (): Promise<string> => {
    if (status === 'SUCCESS' && serviceUrl) return Promise.resolve(serviceUrl);
    pending ??= http
      .request<{ url?: unknown }>({ url: discoveryUrl, query: { serviceName: name } })
      .then((response) => {
        if (typeof response?.url !== 'string' || !response.url) throw new Error(Messages.serviceUrlNotDefined);
        const url = response.url.replace(/\/$/, '');
        serviceUrl = options.sameOrigin ? toSameOrigin(url, options.pageOrigin) : url;
        status = 'SUCCESS';
        return serviceUrl;
      })
      .catch((error: unknown) => {
        status = 'ERROR';
        throw error;
      })
      .finally(() => {
        pending = undefined;
      });
    return pending;
  };

  return {
    name,
    get status() {
      return status;
    },
    get serviceUrl() {
      return serviceUrl;
    },
    discover,
    async request<T>(path: string, request: Omit<HttpRequest, 'url'> = {}): Promise<T> {
      const base = await discover();
      if (!base) throw new Error(Messages.serviceUrlNotDefined);
      return http.request<T>({ ...request, url: `${base}${path.startsWith('/') ? path : `/${path}`}` });
    },
  };
}

export type ServiceRegistry = (name: ServiceName) => ServiceClient;

/** One client per service name, so each address is discovered once and cached. */
export function createServiceRegistry(http: HttpClient, options: ServiceClientOptions = {}): ServiceRegistry {
  const clients = new Map<ServiceName, ServiceClient>();
  return (name) => {
    let client = clients.get(name);
    if (!client) {
      client = createServiceClient(name, http, options);
      clients.set(name, client);
    }
    return client;
  };
}
