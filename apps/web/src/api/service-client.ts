import { Messages, type ServiceName } from '@library/contracts';
import { serviceClientMachine } from '@library/machines';
import { createActor, fromPromise, waitFor } from 'xstate';
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
  const lookUp = async ({ input }: { input: { serviceName: ServiceName } }): Promise<string> => {
    const response = await http.request<{ url?: unknown }>({ url: discoveryUrl, query: { serviceName: input.serviceName } });
    if (typeof response?.url !== 'string' || !response.url) throw new Error(Messages.serviceUrlNotDefined);
    const url = response.url.replace(/\/$/, '');
    return options.sameOrigin ? toSameOrigin(url, options.pageOrigin) : url;
  };
  // The shared machine (libs/machines) holds the state; this client only plugs in the discovery call.
  const actor = createActor(serviceClientMachine.provide({ actors: { discover: fromPromise(lookUp) } }), {
    input: { serviceName: name },
  }).start();
  const status = (): ServiceStatus =>
    actor.getSnapshot().matches('SUCCESS') ? 'SUCCESS' : actor.getSnapshot().matches('ERROR') ? 'ERROR' : 'NEW';

  const discover = async (): Promise<string> => {
    const before = actor.getSnapshot();
    if (before.matches('SUCCESS')) return before.context.url!;
    if (before.matches('NEW')) actor.send({ type: 'DISCOVER' });
    if (before.matches('ERROR')) actor.send({ type: 'RETRY' });
    const settled = await waitFor(actor, (snapshot) => snapshot.matches('SUCCESS') || snapshot.matches('ERROR'));
    if (settled.matches('ERROR')) throw new Error(settled.context.error ?? Messages.serviceUrlNotDefined);
    return settled.context.url!;
  };

  return {
    name,
    get status() {
      return status();
    },
    get serviceUrl() {
      return actor.getSnapshot().context.url ?? undefined;
    },
    discover,
    async request<T>(path: string, request: Omit<HttpRequest, 'url'> = {}): Promise<T> {
      const base = await discover();
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
