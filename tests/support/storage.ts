import { HeadObjectCommand } from '@aws-sdk/client-s3';
import { localS3Client } from '../../infra/local/emulators';

/** Whether s3rver holds an object under this exact key. */
export async function objectExists(stack: { s3Endpoint: string; bucketName: string }, key: string): Promise<boolean> {
  try {
    await localS3Client(stack.s3Endpoint).send(new HeadObjectCommand({ Bucket: stack.bucketName, Key: key }));
    return true;
  } catch {
    return false;
  }
}
