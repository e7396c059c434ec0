import { z } from 'zod';

/**
 * The services of spec 7 and the path each is mounted at on the one API server.
 * Discovery returns PUBLIC_URL + this path; clients never hard-code it.
 */
export const ServiceName = z.enum(['sdk', 'library-api', 'data-hub', 'agents', 'agent-installer', 'deployer']);
export type ServiceName = z.infer<typeof ServiceName>;

export const SERVICE_PATHS: Record<ServiceName, string> = {
  sdk: '/api/sdk',
  'library-api': '/api/library-api',
  'data-hub': '/api/data-hub',
  agents: '/api/agents',
  'agent-installer': '/api/agent-installer',
  deployer: '/api/deployer',
};

export const DiscoveryQuery = z.object({
  serviceName: ServiceName,
  feature: z.string().optional(),
  accountId: z.string().optional(),
  providersAccountId: z.string().optional(),
  services: z.string().optional(),
  env: z.string().optional(),
});
export const DiscoveryResponse = z.object({ url: z.string() });
export const AccountIdResponse = z.object({ accountId: z.string().uuid() });
export const ProvidersAccountIdResponse = z.object({ providersAccountId: z.string().uuid() });
