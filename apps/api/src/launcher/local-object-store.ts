import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import S3rver from 's3rver';
import { LOOPBACK, pickServicePort } from './ports.util';

export const DEFAULT_OBJECT_STORE_PORT = 4569;

// Browsers upload avatars and packages straight to the store through presigned POSTs, and read files back.
const CORS_CONFIGURATION = `<CORSConfiguration>
  <CORSRule>
    <AllowedOrigin>*</AllowedOrigin>
    <AllowedMethod>GET</AllowedMethod>
    <AllowedMethod>PUT</AllowedMethod>
    <AllowedMethod>POST</AllowedMethod>
    <AllowedMethod>HEAD</AllowedMethod>
    <AllowedHeader>*</AllowedHeader>
    <ExposeHeader>ETag</ExposeHeader>
    <MaxAgeSeconds>3000</MaxAgeSeconds>
  </CORSRule>
</CORSConfiguration>`;

export interface LocalObjectStoreOptions {
  bucket?: string;
  log?: (line: string) => void;
}

export interface LocalObjectStore {
  endpoint: string;
  accessKeyId: string;
  secretAccessKey: string;
  bucket: string;
  region: string;
  stop(): Promise<void>;
}

/** An S3-compatible store (s3rver) inside this process, files under `${dataDir}/s3`; it needs no pid file. */
export async function startLocalObjectStore(dataDir: string, options: LocalObjectStoreOptions = {}): Promise<LocalObjectStore> {
  const log = options.log ?? console.log;
  const bucket = options.bucket ?? 'library';
  const directory = join(dataDir, 's3');
  mkdirSync(directory, { recursive: true });
  const port = await pickServicePort(dataDir, 'objectStore', DEFAULT_OBJECT_STORE_PORT);
  const server = new S3rver({
    address: LOOPBACK,
    port,
    directory,
    silent: true,
    configureBuckets: [{ name: bucket, configs: [CORS_CONFIGURATION] }],
  });
  await server.run();
  const endpoint = `http://${LOOPBACK}:${port}`;
  log(`s3: ready on ${endpoint} (bucket ${bucket}, data ${directory})`);
  return {
    endpoint,
    accessKeyId: 'S3RVER',
    secretAccessKey: 'S3RVER',
    bucket,
    region: 'us-east-1',
    stop: async () => {
      // Keep-alive connections from the app's S3 client would hold close() open.
      server.httpServer?.closeAllConnections();
      await server.close().catch(() => undefined);
    },
  };
}
