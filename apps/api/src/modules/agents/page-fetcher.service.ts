import { Inject, Injectable } from '@nestjs/common';
import { AgentMessages } from '@library/contracts';
import { lookup as dnsLookup, LookupAddress } from 'node:dns';
import http, { IncomingMessage } from 'node:http';
import https from 'node:https';
import { BlockList, isIP, LookupFunction } from 'node:net';
import { createBrotliDecompress, createGunzip, createInflate } from 'node:zlib';
import { DomainError } from '../../common/errors/domain-error';
import { APP_CONFIG, AppConfig } from '../../infra/config/config';

export const FETCH_TIMEOUT_MS = 10_000;
export const FETCH_MAX_BYTES = 2_000_000;
const MAX_REDIRECTS = 5;
const REDIRECTS = new Set([301, 302, 303, 307, 308]);
const PAGE_TYPES = /^(text\/html|application\/xhtml\+xml|text\/plain)$/;

/** Loopback, private, link-local, shared, reserved, documentation, multicast: never fetched unless the flag allows. */
const BLOCKED = new BlockList();
for (const [network, prefix] of [
  ['0.0.0.0', 8],
  ['10.0.0.0', 8],
  ['100.64.0.0', 10],
  ['127.0.0.0', 8],
  ['169.254.0.0', 16],
  ['172.16.0.0', 12],
  ['192.0.0.0', 24],
  ['192.0.2.0', 24],
  ['192.168.0.0', 16],
  ['198.18.0.0', 15],
  ['198.51.100.0', 24],
  ['203.0.113.0', 24],
  ['224.0.0.0', 4],
  ['240.0.0.0', 4],
] as const) {
  BLOCKED.addSubnet(network, prefix, 'ipv4');
}
for (const [network, prefix] of [
  ['::', 96], // unspecified, loopback, IPv4-compatible
  ['::ffff:0:0', 96], // IPv4-mapped
  ['64:ff9b::', 96], // NAT64
  ['100::', 64], // discard
  ['2001:db8::', 32], // documentation
  ['fc00::', 7], // unique local
  ['fe80::', 10], // link-local
  ['ff00::', 8], // multicast
] as const) {
  BLOCKED.addSubnet(network, prefix, 'ipv6');
}

export function isPrivateAddress(address: string): boolean {
  const family = isIP(address);
  if (family === 0) return true;
  return BLOCKED.check(address, family === 4 ? 'ipv4' : 'ipv6');
}

class PrivateAddressError extends Error {}
class TooLargeError extends Error {}
class TimeoutError extends Error {}

/** A DNS lookup that fails when any address of the name is private: the check and the connection use the same answer. */
const publicOnlyLookup: LookupFunction = (hostname, options, callback) => {
  dnsLookup(hostname, { ...options, all: true }, (error, addresses: LookupAddress[]) => {
    if (error) return callback(error, '', 0);
    if (!addresses.length || addresses.some((entry) => isPrivateAddress(entry.address))) {
      return callback(new PrivateAddressError(hostname), '', 0);
    }
    if ((options as { all?: boolean }).all) return (callback as unknown as (error: null, all: LookupAddress[]) => void)(null, addresses);
    callback(null, addresses[0].address, addresses[0].family);
  });
};

export interface FetchedPage {
  url: string;
  contentType: string;
  body: string;
}

interface RawResponse {
  status: number;
  location?: string;
  contentType: string;
  body?: Buffer;
}

/**
 * Fetches a web page for html-to-passages: http and https only, no credentials in the URL, private and loopback
 * addresses refused (checked on the literal host and on every DNS answer, redirects included) unless
 * AGENTS_ALLOW_PRIVATE_URLS, at most 5 redirects, 10 s in all, 2 MB of (decompressed) body, HTML or text only.
 */
@Injectable()
export class PageFetcher {
  private readonly allowPrivate: boolean;

  constructor(@Inject(APP_CONFIG) config: AppConfig) {
    this.allowPrivate = config.AGENTS_ALLOW_PRIVATE_URLS;
  }

  async fetch(address: string): Promise<FetchedPage> {
    const deadline = Date.now() + FETCH_TIMEOUT_MS;
    let url = this.checked(address);
    for (let redirects = 0; ; redirects++) {
      const response = await this.request(url, deadline);
      if (REDIRECTS.has(response.status) && response.location) {
        if (redirects >= MAX_REDIRECTS) throw new DomainError('BAD_REQUEST', AgentMessages.tooManyRedirects);
        url = this.checked(new URL(response.location, url).toString());
        continue;
      }
      if (response.status < 200 || response.status > 299) {
        throw new DomainError('BAD_REQUEST', AgentMessages.fetchFailed(`HTTP ${response.status}`));
      }
      return { url: url.toString(), contentType: response.contentType, body: decode(response.body!, response.contentType) };
    }
  }

  private checked(address: string): URL {
    let url: URL;
    try {
      url = new URL(address);
    } catch {
      throw new DomainError('BAD_REQUEST', AgentMessages.fetchFailed('invalid URL'));
    }
    if (url.protocol !== 'http:' && url.protocol !== 'https:') throw new DomainError('BAD_REQUEST', AgentMessages.urlProtocol);
    if (url.username || url.password) throw new DomainError('BAD_REQUEST', AgentMessages.urlCredentials);
    const host = url.hostname.replace(/^\[|\]$/g, '');
    if (!this.allowPrivate && isIP(host) && isPrivateAddress(host)) throw new DomainError('BAD_REQUEST', AgentMessages.urlPrivate);
    return url;
  }

  private request(url: URL, deadline: number): Promise<RawResponse> {
    const client = url.protocol === 'https:' ? https : http;
    return new Promise<RawResponse>((resolve, reject) => {
      const request = client.request(url, {
        method: 'GET',
        agent: false,
        lookup: this.allowPrivate ? undefined : publicOnlyLookup,
        headers: {
          'user-agent': 'LibraryAgents/1.0 (html-to-passages)',
          accept: 'text/html,application/xhtml+xml,text/plain;q=0.9',
          'accept-encoding': 'gzip, deflate, br',
        },
      });
      const timer = setTimeout(() => request.destroy(new TimeoutError()), Math.max(0, deadline - Date.now()));
      const fail = (error: unknown) => {
        clearTimeout(timer);
        reject(toDomainError(error));
      };
      request.on('error', fail);
      request.on('response', (response: IncomingMessage) => {
        const status = response.statusCode ?? 0;
        const contentType = String(response.headers['content-type'] ?? '');
        if (REDIRECTS.has(status) || status < 200 || status > 299) {
          response.resume();
          clearTimeout(timer);
          return resolve({ status, location: response.headers.location, contentType });
        }
        const mediaType = contentType.split(';')[0].trim().toLowerCase();
        if (!PAGE_TYPES.test(mediaType)) {
          request.destroy();
          return fail(new DomainError('BAD_REQUEST', AgentMessages.notAPage(mediaType)));
        }
        if (Number(response.headers['content-length'] ?? 0) > FETCH_MAX_BYTES && !response.headers['content-encoding']) {
          request.destroy();
          return fail(new TooLargeError());
        }
        const encoding = String(response.headers['content-encoding'] ?? '').toLowerCase();
        const decompressor =
          encoding === 'gzip'
            ? createGunzip()
            : encoding === 'deflate'
              ? createInflate()
              : encoding === 'br'
                ? createBrotliDecompress()
                : null;
        const stream = decompressor ? response.pipe(decompressor) : response;
        const chunks: Buffer[] = [];
        let size = 0;
        stream.on('data', (chunk: Buffer) => {
          size += chunk.length;
          if (size > FETCH_MAX_BYTES) {
            request.destroy();
            decompressor?.destroy();
            return fail(new TooLargeError());
          }
          chunks.push(chunk);
        });
        stream.on('error', fail);
        response.on('error', fail);
        stream.on('end', () => {
          clearTimeout(timer);
          resolve({ status, contentType, body: Buffer.concat(chunks) });
        });
      });
      request.end();
    });
  }
}

function toDomainError(error: unknown): DomainError {
  if (error instanceof DomainError) return error;
  if (error instanceof PrivateAddressError) return new DomainError('BAD_REQUEST', AgentMessages.urlPrivate);
  if (error instanceof TimeoutError) return new DomainError('BAD_REQUEST', AgentMessages.fetchTimeout(FETCH_TIMEOUT_MS));
  if (error instanceof TooLargeError) return new DomainError('BAD_REQUEST', AgentMessages.pageTooLarge(FETCH_MAX_BYTES));
  const code = (error as { code?: string }).code;
  return new DomainError('BAD_REQUEST', AgentMessages.fetchFailed(code ?? (error instanceof Error ? error.message : 'network error')));
}

/** The body as text, in the charset of the Content-Type or of a `<meta charset>`, else UTF-8. */
function decode(body: Buffer, contentType: string): string {
  const declared =
    /charset=["']?([\w-]+)/i.exec(contentType)?.[1] ??
    /<meta[^>]+charset=["']?([\w-]+)/i.exec(body.subarray(0, 2048).toString('latin1'))?.[1];
  try {
    return new TextDecoder(declared ?? 'utf-8').decode(body);
  } catch {
    return new TextDecoder('utf-8').decode(body);
  }
}
