import { GetObjectCommand, HeadObjectCommand, PutObjectCommand } from '@aws-sdk/client-s3';
import { z } from 'zod';
import { WordTiming } from '#shared/narration';
import { bucketConfig } from '../../core/config';
import { s3 } from '../../db/client';
import * as Asset from '../asset';
import { audioMetaKey } from './audio-key';

/**
 * Voiceover files in the asset bucket: the audio under its content-hashed key, and beside it a
 * small JSON with its length and word timings, so finding a key already made (another slide with
 * the same words, a narration changed back) costs a read, not a synthesis.
 */
export const AudioMeta = z.object({ durationMs: z.number().nonnegative(), words: z.array(WordTiming), mimeType: z.string() });
export type AudioMeta = z.infer<typeof AudioMeta>;

function isMissing(error: unknown): boolean {
  const e = error as { name?: string; $metadata?: { httpStatusCode?: number } };
  return e?.name === 'NotFound' || e?.name === 'NoSuchKey' || e?.$metadata?.httpStatusCode === 404;
}

/** The meta of an audio key already in the bucket, or undefined. */
export async function findAudio(key: string): Promise<AudioMeta | undefined> {
  try {
    const answer = await s3().send(new GetObjectCommand({ Bucket: bucketConfig().BUCKET_NAME, Key: audioMetaKey(key) }));
    const parsed = AudioMeta.safeParse(JSON.parse(await answer.Body!.transformToString()));
    if (!parsed.success) return undefined;
    await s3().send(new HeadObjectCommand({ Bucket: bucketConfig().BUCKET_NAME, Key: key }));
    return parsed.data;
  } catch (error) {
    if (isMissing(error)) return undefined;
    throw error;
  }
}

/** The audio first, then its meta: a meta always names audio that exists. */
export async function putAudio(key: string, audio: Uint8Array, meta: AudioMeta): Promise<void> {
  const Bucket = bucketConfig().BUCKET_NAME;
  // Content-hashed keys never change content: cache forever.
  await s3().send(new PutObjectCommand({ Bucket, Key: key, Body: audio, ContentType: meta.mimeType, CacheControl: 'public, max-age=31536000, immutable' }));
  await s3().send(new PutObjectCommand({ Bucket, Key: audioMetaKey(key), Body: JSON.stringify(meta), ContentType: 'application/json' }));
}

/**
 * The URL a viewer plays a guide's audio from. The one place audio URLs are made, so that how
 * asset URLs of (private) guides are produced can change here in one line.
 */
export function audioUrl(_guide: { guideId: string; orgId: string; visibility?: string }, key: string): string {
  return Asset.assetUrl(key);
}
