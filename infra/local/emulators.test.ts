import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { CreateBucketCommand, DeleteObjectCommand, GetObjectCommand, PutObjectCommand, S3Client } from '@aws-sdk/client-s3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LOCAL_CREDENTIALS, LOCAL_REGION, startS3, type Running } from './emulators';
import { freePort } from './ports';

// The local S3 (s3rver) is what every test and `npm start` store screenshots in. Out of the box
// it removes a folder left empty by a delete, which races a write into that folder (s3rver#788):
// the write's file stream fails with ENOENT, unhandled, and takes the whole process down.
describe('the local S3', () => {
  let dir: string;
  let s3: Running;
  let client: S3Client;
  beforeAll(async () => {
    dir = mkdtempSync(path.join(os.tmpdir(), 'stepcast-s3-'));
    s3 = await startS3({ port: await freePort(), dataDir: dir });
    client = new S3Client({ endpoint: s3.endpoint, region: LOCAL_REGION, credentials: LOCAL_CREDENTIALS, forcePathStyle: true });
    await client.send(new CreateBucketCommand({ Bucket: 'race' }));
  });
  afterAll(async () => {
    client?.destroy();
    await s3?.stop();
    rmSync(dir, { recursive: true, force: true });
  });

  it('keeps every upload written while other keys of its folder are deleted', async () => {
    const body = Buffer.alloc(64 * 1024, 7);
    const rounds = 60;
    const errors: unknown[] = [];
    const onError = (error: unknown) => errors.push(error);
    process.on('uncaughtException', onError);
    try {
      for (let round = 0; round < rounds; round++) {
        const folder = `pending/orgs/o/guides/g${round}`;
        await client.send(new PutObjectCommand({ Bucket: 'race', Key: `${folder}/old.png`, Body: body }));
        // A delete that empties the folder, and a new upload into it, at once (as a slide's
        // screenshot is replaced while the next one arrives).
        await Promise.all([
          client.send(new DeleteObjectCommand({ Bucket: 'race', Key: `${folder}/old.png` })),
          ...[1, 2, 3].map((n) => client.send(new PutObjectCommand({ Bucket: 'race', Key: `${folder}/new-${n}.png`, Body: body }))),
        ]);
      }
      for (let round = 0; round < rounds; round++) {
        for (const n of [1, 2, 3]) {
          const got = await client.send(new GetObjectCommand({ Bucket: 'race', Key: `pending/orgs/o/guides/g${round}/new-${n}.png` }));
          expect((await got.Body!.transformToByteArray()).length).toBe(body.length);
        }
      }
    } finally {
      process.off('uncaughtException', onError);
    }
    expect(errors).toEqual([]);
  });
});
