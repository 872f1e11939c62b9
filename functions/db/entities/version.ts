import { Entity } from 'electrodb';
import { SERVICE, createdAt, key } from './common';

/**
 * Published versions of a guide, in the guide's own partition but outside its `guide` collection
 * (the editor's one Query never reads them). A version is a head item (who published it, when, the
 * guide's settings as they were, the asset keys it shows) and one item per slide holding a copy of
 * the whole slide item: a slide is under DynamoDB's 400 KB item limit, so any guide's version fits,
 * and the share page reads one version with one Query. Numbers are padded so that keys sort.
 */
const padded = { length: 6, char: '0' } as const;

export const VersionEntity = new Entity({
  model: { entity: 'version', version: '1', service: SERVICE },
  attributes: {
    guideId: { type: 'string', required: true, readOnly: true },
    version: { type: 'number', required: true, readOnly: true, padding: padded },
    orgId: { type: 'string', required: true, readOnly: true },
    publishedBy: { type: 'string', required: true, readOnly: true },
    /** the publisher's name then, so the list reads without a user lookup per row */
    publishedByName: { type: 'string' },
    /** the guide item's content fields as they were (every one but identity and bookkeeping) */
    guide: { type: 'any', required: true },
    slideCount: { type: 'number', required: true },
    /** what viewers see, hashed (version-snapshot.ts): the draft differs from it when the hashes differ */
    hash: { type: 'string', required: true },
    /** every screenshot, audio and other asset key the version shows (its languages' voiceovers too): none of them is parked or deleted while it is kept */
    assetKeys: { type: 'list', items: { type: 'string' } },
    /** the languages published with it, each with its translation's hash (a VersionTranslation item each); absent: none */
    translations: { type: 'any' },
    createdAt,
  },
  indexes: {
    byGuide: { pk: key('pk', ['guideId']), sk: key('sk', ['version']) },
  },
});

export const VersionSlideEntity = new Entity({
  model: { entity: 'versionslide', version: '1', service: SERVICE },
  attributes: {
    guideId: { type: 'string', required: true, readOnly: true },
    version: { type: 'number', required: true, readOnly: true, padding: padded },
    position: { type: 'number', required: true, readOnly: true, padding: padded },
    /** the slide item as it was, every attribute (parsed where it is read, like the live slide) */
    slide: { type: 'any', required: true },
  },
  indexes: {
    byVersion: { pk: key('pk', ['guideId']), sk: key('sk', ['version', 'position']) },
  },
});

/**
 * A language as a version published it: a copy of the guide's translation item (its words, its
 * voiceover's keys, the words it was made from) when "Publish changes" took it, one item per
 * version and language. The share page reads the one a viewer asks for with one GetItem.
 */
export const VersionTranslationEntity = new Entity({
  model: { entity: 'versiontranslation', version: '1', service: SERVICE },
  attributes: {
    guideId: { type: 'string', required: true, readOnly: true },
    version: { type: 'number', required: true, readOnly: true, padding: padded },
    language: { type: 'string', required: true, readOnly: true },
    /** the translation item as it was, every content attribute (parsed where it is read) */
    translation: { type: 'any', required: true },
  },
  indexes: {
    byVersion: { pk: key('pk', ['guideId']), sk: key('sk', ['version', 'language']) },
  },
});
