import * as z from 'zod';
import { WordTiming } from '#shared/narration';
import { Asset } from '../platform';
import { audioMetaKey } from '../guide-store';

/**
 * Voiceover files in the asset bucket: the audio under its content-hashed key, and beside it a
 * small JSON with its length and word timings, so finding a key already made (another slide with
 * the same words, a narration changed back) costs a read, not a synthesis.
 */
export const AudioMeta = z.object({ durationMs: z.number().nonnegative(), words: z.array(WordTiming), mimeType: z.string() });
export type AudioMeta = z.infer<typeof AudioMeta>;

/** The meta of an audio key already stored (for its guide's visibility, wherever that put it), or undefined. */
export async function findAudio(key: string): Promise<AudioMeta | undefined> {
  let raw: Uint8Array;
  try {
    raw = await Asset.read(audioMetaKey(key));
  } catch (error) {
    if ((error as { name?: string }).name === 'NoSuchKey') return undefined;
    throw error;
  }
  const parsed = AudioMeta.safeParse(JSON.parse(Buffer.from(raw).toString('utf8')));
  if (!parsed.success || !(await Asset.exists(key))) return undefined;
  return parsed.data;
}

/** The audio first, then its meta: a meta always names audio that exists. Both where the guide's visibility says. */
export async function putAudio(key: string, audio: Uint8Array, meta: AudioMeta): Promise<void> {
  await Asset.put(key, audio, meta.mimeType);
  await Asset.put(audioMetaKey(key), Buffer.from(JSON.stringify(meta)), 'application/json');
}
