import { Inject, Injectable, OnModuleInit } from '@nestjs/common';
import {
  CreateBucketCommand,
  DeleteObjectCommand,
  GetObjectCommand,
  HeadBucketCommand,
  PutObjectCommand,
  S3Client,
} from '@aws-sdk/client-s3';
import { createPresignedPost, PresignedPost } from '@aws-sdk/s3-presigned-post';
import { getSignedUrl } from '@aws-sdk/s3-request-presigner';
import type { Readable } from 'node:stream';
import { APP_CONFIG, AppConfig } from '../config/config';

export interface PresignedUploadOptions {
  contentType: string;
  maxBytes: number;
  cacheControl?: string;
  expiresInSeconds?: number;
}

/** The S3-compatible object store: one bucket, keys chosen by the services. */
@Injectable()
export class ObjectStorageService implements OnModuleInit {
  readonly client: S3Client;
  /** Signs URLs for browsers, with the address they reach the store at. */
  private readonly presigner: S3Client;
  readonly bucket: string;

  constructor(@Inject(APP_CONFIG) config: AppConfig) {
    this.bucket = config.S3_BUCKET;
    const clientFor = (endpoint: string) =>
      new S3Client({
        endpoint,
        region: config.S3_REGION,
        credentials: { accessKeyId: config.S3_ACCESS_KEY_ID, secretAccessKey: config.S3_SECRET_ACCESS_KEY },
        forcePathStyle: true,
        // Without these, streamed uploads to S3-compatible stores are stored corrupted (stack notes).
        requestChecksumCalculation: 'WHEN_REQUIRED',
        responseChecksumValidation: 'WHEN_REQUIRED',
      });
    this.client = clientFor(config.S3_ENDPOINT);
    this.presigner = config.S3_PUBLIC_ENDPOINT ? clientFor(config.S3_PUBLIC_ENDPOINT) : this.client;
  }

  async onModuleInit(): Promise<void> {
    if (!(await this.isReachable())) await this.client.send(new CreateBucketCommand({ Bucket: this.bucket }));
  }

  async isReachable(): Promise<boolean> {
    try {
      await this.client.send(new HeadBucketCommand({ Bucket: this.bucket }));
      return true;
    } catch {
      return false;
    }
  }

  /** A browser form upload straight to the store. s3rver ignores policy conditions, so callers check limits too. */
  presignedPost(key: string, options: PresignedUploadOptions): Promise<PresignedPost> {
    const fields: Record<string, string> = { 'Content-Type': options.contentType };
    if (options.cacheControl) fields['Cache-Control'] = options.cacheControl;
    return createPresignedPost(this.presigner, {
      Bucket: this.bucket,
      Key: key,
      Fields: fields,
      Conditions: [
        ['content-length-range', 1, options.maxBytes],
        ['eq', '$Content-Type', options.contentType],
      ],
      Expires: options.expiresInSeconds ?? 600,
    });
  }

  presignedGetUrl(key: string, expiresInSeconds = 300): Promise<string> {
    return getSignedUrl(this.presigner, new GetObjectCommand({ Bucket: this.bucket, Key: key }), { expiresIn: expiresInSeconds });
  }

  async put(key: string, body: Buffer | string, contentType: string): Promise<void> {
    await this.client.send(new PutObjectCommand({ Bucket: this.bucket, Key: key, Body: body, ContentType: contentType }));
  }

  async get(key: string): Promise<{ body: Readable; contentType?: string; contentLength?: number; cacheControl?: string } | null> {
    try {
      const object = await this.client.send(new GetObjectCommand({ Bucket: this.bucket, Key: key }));
      return {
        body: object.Body as Readable,
        contentType: object.ContentType,
        contentLength: object.ContentLength,
        cacheControl: object.CacheControl,
      };
    } catch (error) {
      if ((error as { name?: string }).name === 'NoSuchKey') return null;
      throw error;
    }
  }

  async delete(key: string): Promise<void> {
    await this.client.send(new DeleteObjectCommand({ Bucket: this.bucket, Key: key }));
  }
}
