import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import S3rver from 's3rver';
import type { Config } from '../src/config';

export interface LocalS3 {
  endpoint: string;
  bucket: string;
  /** The app settings that put its media in this bucket. */
  config: Partial<Config>;
  close: () => Promise<void>;
}

/** A local S3-compatible server (s3rver) on an ephemeral port, with one empty bucket. */
export async function startLocalS3(bucket = 'loa-media'): Promise<LocalS3> {
  const directory = fs.mkdtempSync(path.join(os.tmpdir(), 'loa-s3rver-'));
  const server = new S3rver({ port: 0, address: '127.0.0.1', silent: true, directory, configureBuckets: [{ name: bucket }] });
  const { port } = await server.run();
  const endpoint = `http://127.0.0.1:${port}`;
  return {
    endpoint,
    bucket,
    // s3rver accepts the S3RVER key pair and checks signatures with it.
    config: { S3_BUCKET: bucket, S3_ENDPOINT: endpoint, S3_REGION: 'us-east-1', S3_ACCESS_KEY_ID: 'S3RVER', S3_SECRET_ACCESS_KEY: 'S3RVER', S3_FORCE_PATH_STYLE: true },
    close: async () => {
      await server.close();
      await fs.promises.rm(directory, { recursive: true, force: true });
    },
  };
}
