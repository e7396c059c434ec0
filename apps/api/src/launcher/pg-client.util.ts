import { createRequire } from 'node:module';

// pg ships no type declarations and @types/pg is not a dependency: type the little the launcher uses.
export interface PgClient {
  query<R = Record<string, unknown>>(sql: string, params?: unknown[]): Promise<{ rows: R[] }>;
}
interface PgConnection extends PgClient {
  connect(): Promise<void>;
  end(): Promise<void>;
  on(event: 'error', listener: (error: Error) => void): void;
}
interface PgModule {
  Client: new (config: { connectionString: string; connectionTimeoutMillis?: number }) => PgConnection;
}

const pg = createRequire(__filename)('pg') as PgModule;

/** Opens one connection, runs `use`, always closes it. */
export async function withPgClient<T>(url: string, use: (client: PgClient) => Promise<T>, timeoutMs = 5000): Promise<T> {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: timeoutMs });
  // A server that goes away after we're done must not crash the launcher with an unhandled 'error'.
  client.on('error', () => undefined);
  await client.connect();
  try {
    return await use(client);
  } finally {
    await client.end().catch(() => undefined);
  }
}

/** SQLSTATE of a pg error, if any. */
export function pgErrorCode(error: unknown): string | undefined {
  const code = (error as { code?: unknown } | null)?.code;
  return typeof code === 'string' ? code : undefined;
}
