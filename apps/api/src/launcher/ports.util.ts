import { readFileSync, writeFileSync, mkdirSync } from 'node:fs';
import { createServer } from 'node:net';
import { join } from 'node:path';

export type ServiceName = 'postgres' | 'redis' | 'objectStore';
export type RememberedPorts = Partial<Record<ServiceName, number>>;

export const LOOPBACK = '127.0.0.1';

/** True when nothing listens on the port (binding 127.0.0.1 also fails when something holds 0.0.0.0). */
export function isPortFree(port: number, host = LOOPBACK): Promise<boolean> {
  return new Promise((resolve) => {
    const server = createServer();
    server.once('error', () => resolve(false));
    server.listen({ port, host, exclusive: true }, () => server.close(() => resolve(true)));
  });
}

/** A port the kernel says is free right now. */
export function anyFreePort(host = LOOPBACK): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen({ port: 0, host, exclusive: true }, () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      server.close(() => resolve(port));
    });
  });
}

/** The first candidate that is free, else one from `fallback`: the remembered port first keeps URLs stable across restarts. */
export async function choosePort(
  candidates: ReadonlyArray<number | undefined>,
  isFree: (port: number) => Promise<boolean>,
  fallback: () => Promise<number>,
): Promise<number> {
  const seen = new Set<number>();
  for (const port of candidates) {
    if (port === undefined || !Number.isInteger(port) || port <= 0 || port > 65535 || seen.has(port)) continue;
    seen.add(port);
    if (await isFree(port)) return port;
  }
  return fallback();
}

export function parseRememberedPorts(text: string): RememberedPorts {
  try {
    const value: unknown = JSON.parse(text);
    if (!value || typeof value !== 'object' || Array.isArray(value)) return {};
    const ports: RememberedPorts = {};
    for (const [name, port] of Object.entries(value)) {
      if ((name === 'postgres' || name === 'redis' || name === 'objectStore') && Number.isInteger(port)) ports[name] = port as number;
    }
    return ports;
  } catch {
    return {};
  }
}

const portsFile = (dataDir: string) => join(dataDir, 'ports.json');

export function readRememberedPorts(dataDir: string): RememberedPorts {
  try {
    return parseRememberedPorts(readFileSync(portsFile(dataDir), 'utf8'));
  } catch {
    return {};
  }
}

/** Synchronous read-modify-write, so services started in one process never lose each other's entry. */
export function rememberPort(dataDir: string, service: ServiceName, port: number): void {
  mkdirSync(dataDir, { recursive: true });
  const ports = { ...readRememberedPorts(dataDir), [service]: port };
  writeFileSync(portsFile(dataDir), `${JSON.stringify(ports, null, 2)}\n`);
}

/** Remembered port, else the service's default, else any free one; the choice is remembered for the next start. */
export async function pickServicePort(dataDir: string, service: ServiceName, defaultPort: number): Promise<number> {
  const port = await choosePort(
    [readRememberedPorts(dataDir)[service], defaultPort],
    (p) => isPortFree(p),
    () => anyFreePort(),
  );
  rememberPort(dataDir, service, port);
  return port;
}
