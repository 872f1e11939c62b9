import { Entity } from 'electrodb';
import { TRANSLATION_STATES } from '#shared/translation';
import { SERVICE, createdAt, key, updatedAt } from './common';

/**
 * A guide in another language: its title and words per slide and that language's voiceover. One
 * item per guide and language, in the guide's partition but outside its item collection, so the
 * reads of the editor and the share page do not carry every language. The item is also the
 * translation job's progress, which the design view polls.
 */
export const TranslationEntity = new Entity({
  model: { entity: 'translation', version: '1', service: SERVICE },
  attributes: {
    guideId: { type: 'string', required: true, readOnly: true },
    language: { type: 'string', required: true, readOnly: true },
    orgId: { type: 'string', required: true, readOnly: true },
    state: { type: TRANSLATION_STATES, required: true, default: 'queued' },
    done: { type: 'number', required: true, default: 0 },
    total: { type: 'number', required: true, default: 0 },
    provider: { type: 'string' },
    /** the voice asked for; absent: the first voice of the language */
    voiceId: { type: 'string' },
    /** the voice that spoke the last run (absent when no engine speaks the language) */
    spokenBy: { type: 'string' },
    /** the title and the source title of items made before `texts` (read as `texts.title`) */
    title: { type: 'string' },
    sourceTitle: { type: 'string' },
    /** the guide's own words in the language (title, cards), each with the original it was made from: parsed with zod when read */
    texts: { type: 'any' },
    /** a hash of the guide's words it was made from (translation-publishing.ts): another hash is out of date */
    sourceHash: { type: 'string' },
    /** per slide (slideId, words, source words, audio): parsed with zod when read */
    slides: { type: 'any' },
    error: { type: 'string' },
    /** the worker is alive: a run whose heartbeat stopped is reported failed, never stuck */
    heartbeatAt: { type: 'number' },
    createdAt,
    updatedAt,
  },
  indexes: {
    // a guide's languages (one Query), or one of them (one GetItem)
    byGuide: { pk: key('pk', ['guideId']), sk: key('sk', ['language']) },
  },
});
