import { Entity } from 'electrodb';
import { DEFAULT_HIGHLIGHT_VISIBLE, DEFAULT_ZOOM_LEVEL } from '#shared/guide-defaults';
import { SERVICE, createdAt, key, updatedAt } from './common';

/** The folder id of a guide in no folder. */
export const NO_FOLDER = '-';

/** A guide (the spec's workflow): an ordered list of slides in an organisation. */
export const GuideEntity = new Entity({
  model: { entity: 'guide', version: '1', service: SERVICE },
  attributes: {
    guideId: { type: 'string', required: true, readOnly: true },
    orgId: { type: 'string', required: true, readOnly: true },
    /** the guide's folder, or NO_FOLDER: every guide is in the folder index, so a move is one key change */
    folderId: { type: 'string', required: true, default: NO_FOLDER },
    title: { type: 'string', required: true },
    /** the title in lower case, for title search */
    titleLower: {
      type: 'string',
      watch: ['title'],
      set: (_, item: { title?: unknown }) => (typeof item.title === 'string' ? item.title.toLowerCase() : undefined),
    },
    createdBy: { type: 'string', required: true, readOnly: true },
    status: { type: ['draft', 'published'] as const, required: true, default: 'draft' },
    visibility: { type: ['public', 'private'] as const, required: true, default: 'public' },
    /** guide default; a slide may override it */
    zoomLevel: { type: 'number', required: true, default: DEFAULT_ZOOM_LEVEL },
    /** guide default; a slide may override it */
    isHighlightVisible: { type: 'boolean', required: true, default: DEFAULT_HIGHLIGHT_VISIBLE },
    /** the author lets search engines index the public guide's page (absent: no) */
    indexable: { type: 'boolean' },
    slideCount: { type: 'number', required: true, default: 0 },
    /**
     * bumped by every write that adds, moves, renumbers or removes slides, on the condition that
     * it is still the value read: concurrent order changes serialise, and no two slides share an order
     */
    orderVersion: { type: 'number' },
    /** the first slide's screenshot, for cards */
    thumbnailKey: { type: 'string' },
    /** the 1200×630 social preview (og:image) and the screenshot it was made from */
    socialImageKey: { type: 'string' },
    socialImageSourceKey: { type: 'string' },
    /** the title is a placeholder (capture's page title) the smart transcript may replace */
    titleAuto: { type: 'boolean' },
    /** the voiceover's voice (`engine:name`; absent: the engine's default), speed and language */
    voiceId: { type: 'string' },
    speechRate: { type: 'number' },
    language: { type: 'string' },
    /** the smart transcript's opening and closing lines */
    intro: { type: 'string' },
    outro: { type: 'string' },
    /** the player's opening and closing cards (shared/guide-cards.ts); parsed with zod when read */
    introCard: { type: 'any' },
    outroCard: { type: 'any' },
    /** the latest voiceover job */
    voiceoverJobId: { type: 'string' },
    /** the languages it has been translated into (translation items beside it): the share page of a guide never published with versions lists them */
    translations: { type: 'set', items: 'string' },
    /**
     * each finished language of the draft as a token `{language} {hash} {sourceHash} {ready|review}`
     * (translation-publishing.ts): the design view tells unpublished translations without reading them;
     * a set, so that languages finishing at once each add and remove their own
     */
    translationDrafts: { type: 'set', items: 'string' },
    /** the languages the published version carries, each with its translation's hash: what viewers can pick */
    publishedTranslations: { type: 'any' },
    /** every write of the author's content adds one (shared/revision.ts); absent on older guides, read as 0 */
    revision: { type: 'number' },
    /** the version the share link serves (absent: never published with versions, the live slides are served), its content hash, the highest number given */
    publishedVersion: { type: 'number' },
    publishedHash: { type: 'string' },
    /** the published version's guide content fields (its title, voice, cards…), read with the guide by the share page */
    publishedGuide: { type: 'any' },
    lastVersion: { type: 'number' },
    createdAt,
    updatedAt,
  },
  indexes: {
    // a guide with all its slides, in one Query (the share page, the player, the editor)
    byId: { collection: 'guide', pk: key('pk', ['guideId']), sk: key('sk', []) },
    // an organisation's guides, most recently updated first (recents)
    byOrg: { index: 'gsi1', pk: key('gsi1pk', ['orgId']), sk: key('gsi1sk', ['updatedAt', 'guideId']) },
    // a folder's guides (or those in no folder), most recently updated first
    byFolder: {
      index: 'gsi2',
      pk: key('gsi2pk', ['orgId', 'folderId']),
      sk: key('gsi2sk', ['updatedAt', 'guideId']),
    },
  },
});

/** One step of a guide: a screenshot, where the click was, and its text. */
export const SlideEntity = new Entity({
  model: { entity: 'slide', version: '1', service: SERVICE },
  attributes: {
    guideId: { type: 'string', required: true, readOnly: true },
    slideId: { type: 'string', required: true, readOnly: true },
    orgId: { type: 'string', required: true, readOnly: true },
    /** sort position; see shared/order.ts for the midpoint rule */
    order: { type: 'number', required: true },
    title: { type: 'string' },
    text: { type: 'string' },
    narration: { type: 'string' },
    screenshotKey: { type: 'string' },
    width: { type: 'number' },
    height: { type: 'number' },
    click: { type: 'map', properties: { x: { type: 'number', required: true }, y: { type: 'number', required: true } } },
    /** overrides of the guide defaults; applied only when of the right type */
    zoomLevel: { type: 'any' },
    isHighlightVisible: { type: 'any' },
    /** arrows, boxes, labels and badges over the screenshot (shared/annotations.ts), written through its schema; absent: none */
    annotations: { type: 'any' },
    /** what capture recorded (shared/capture.ts CaptureMeta, already redacted); parsed with zod when read */
    capture: { type: 'any' },
    /** redaction boxes applied to its screenshot (shared/redaction-boxes.ts AppliedBoxes): its locators and drift checks' fresh screenshots follow them */
    redactedBoxes: { type: 'any' },
    /** the author edited text or narration: the transcript never overwrites it unasked */
    edited: { type: 'boolean' },
    /** the transcript could only guess (an uploaded image): the editor asks for words */
    needsText: { type: 'boolean' },
    /** the slide's voiceover (content-hashed key) and its length */
    audioKey: { type: 'string' },
    audioDurationMs: { type: 'number' },
    /** when each word of the audio is spoken (the exports' captions read them too) */
    words: {
      type: 'list',
      items: {
        type: 'map',
        properties: { startMs: { type: 'number', required: true }, endMs: { type: 'number', required: true }, text: { type: 'string', required: true } },
      },
    },
    /** what the audio was made from: a change of narration, voice or speed makes it stale */
    audioNarration: { type: 'string' },
    audioVoiceId: { type: 'string' },
    audioRate: { type: 'number' },
    /** screenshots it showed before a replace or crop, newest first, parked for an undo (functions/domain/guides/slide-screenshot.ts) */
    previousScreenshots: { type: 'any' },
    createdAt,
    updatedAt,
  },
  indexes: {
    byGuide: { collection: 'guide', pk: key('pk', ['guideId']), sk: key('sk', ['slideId']) },
  },
});
