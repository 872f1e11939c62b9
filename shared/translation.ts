import * as z from 'zod';
import { CARD_SUBTITLE_MAX, CARD_TITLE_MAX, CTA_LABEL_MAX } from './guide-cards';
import { VoiceId, WordTiming } from './narration';
import { primary, TRANSLATION_LANGUAGES, type TranslationLanguage } from './share/languages';
import type { SharedGuideDto } from './share/shared-guide';
import { safeText } from './text';

export { languageName, pickLanguage, primary, TRANSLATION_LANGUAGES, type TranslationLanguage } from './share/languages';

/**
 * A guide in other languages: its title, intro and outro cards, step text and narration
 * translated, and a voiceover in a voice of that language. A language is part of the guide's
 * draft: viewers get it (`?lang=` on /api/share/{id}) only once it is ready and the guide is
 * published with it ("Publish changes" takes each ready language into the version). The API
 * contract (/api/guides/{id}/translations) and the pure rules the share page uses (which language
 * a viewer gets, a translation laid over the guide).
 */

const CODES = TRANSLATION_LANGUAGES.map((l) => l.code) as [TranslationLanguage, ...TranslationLanguage[]];

export const TranslationLanguageCode = z.enum(CODES, { error: 'Not a language guides can be translated into.' });

export const TRANSLATION_STATES = ['queued', 'running', 'done', 'failed'] as const;

/** The guide's own words beside its steps that a language translates: its title and its cards' words. */
export const GUIDE_TEXT_KEYS = ['title', 'introTitle', 'introSubtitle', 'outroTitle', 'ctaLabel'] as const;
export type GuideTextKey = (typeof GUIDE_TEXT_KEYS)[number];

/**
 * What viewers get of a language: `live` this very draft of it, `earlier` the one published
 * before (this draft changed since), `none` not this language (they get the original).
 */
export const TRANSLATION_PUBLICATION = ['live', 'earlier', 'none'] as const;

export const TranslationPath = z.object({
  id: z.string().regex(/^[A-Za-z0-9]{12}$/, 'Not a valid guide id.'),
  language: TranslationLanguageCode,
});

export const StartTranslationBody = z
  .object({
    language: TranslationLanguageCode,
    /** a voice of that language (GET /api/voices); the engine's first voice for it when absent */
    voiceId: VoiceId.optional(),
  })
  .strict();
export type StartTranslationBody = z.infer<typeof StartTranslationBody>;

export const TranslationDto = z.object({
  language: TranslationLanguageCode,
  name: z.string(),
  state: z.enum(TRANSLATION_STATES),
  /** slides translated and voiced */
  done: z.number().int().nonnegative(),
  total: z.number().int().nonnegative(),
  /** the voice that speaks it; null when the engine has none for the language (no voiceover) */
  voiceId: z.string().nullable(),
  /** the provider that translated it (`amazon-translate`, `local-glossary`) */
  provider: z.string().nullable(),
  /** the guide's words changed since: translate again to follow */
  stale: z.boolean(),
  /** parts (the title, a card's words, steps) with a sentence the offline translator could not translate whole: kept in the original language, they need translation */
  needsReview: z.number().int().nonnegative(),
  /** done, up to date and every part translated: the next "Publish changes" shows it to viewers */
  ready: z.boolean(),
  /** what viewers get of this language now (TRANSLATION_PUBLICATION) */
  published: z.enum(TRANSLATION_PUBLICATION),
  error: z.string().nullable(),
  updatedAt: z.string(),
  /** while `queued` behind the organisation's other translations: its place in their line, 1 for the next; else null */
  queuePosition: z.number().int().positive().nullable().default(null),
});
export type TranslationDto = z.infer<typeof TranslationDto>;

/** One step in a language, as its author reviews it. */
export const TranslationSlideDto = z.object({
  id: z.string(),
  /** the original's words, beside the translation for review */
  sourceText: z.string().nullable(),
  sourceNarration: z.string().nullable(),
  text: z.string().nullable(),
  narration: z.string().nullable(),
  audioUrl: z.string().nullable(),
  /** the author changed the translation: translating again keeps it */
  edited: z.boolean(),
  /** the offline glossary left words it does not know in the original language */
  needsReview: z.boolean(),
});
export type TranslationSlideDto = z.infer<typeof TranslationSlideDto>;

/** One of the guide's own words (its title, a card's title, subtitle or button label) in a language, as its author reviews it. */
export const TranslationTextDto = z.object({
  key: z.enum(GUIDE_TEXT_KEYS),
  sourceText: z.string(),
  text: z.string().nullable(),
  edited: z.boolean(),
  needsReview: z.boolean(),
});
export type TranslationTextDto = z.infer<typeof TranslationTextDto>;

/** GET /api/guides/{id}/translations/{language}: a language with its title, its cards' words and every step. */
export const TranslationDetailDto = TranslationDto.extend({ title: z.string(), texts: z.array(TranslationTextDto), slides: z.array(TranslationSlideDto) });
export type TranslationDetailDto = z.infer<typeof TranslationDetailDto>;

export const TranslationSlidePath = TranslationPath.extend({ slideId: z.string().min(1).max(64).regex(/^[A-Za-z0-9_-]+$/, 'Not a valid id.') });

/** PATCH a translated step: its text or narration (a new narration is voiced again). */
export const UpdateTranslationSlideBody = z
  .object({
    text: safeText({ multiline: true }).max(2_000, 'Use at most 2,000 characters.').optional(),
    narration: safeText({ multiline: true }).max(5_000, 'Use at most 5,000 characters.').optional(),
  })
  .strict()
  .refine((body) => body.text !== undefined || body.narration !== undefined, { message: 'Send text or narration.' });
export type UpdateTranslationSlideBody = z.infer<typeof UpdateTranslationSlideBody>;

const requiredText = (max: number) =>
  safeText()
    .trim()
    .min(1, 'Enter the words.')
    .max(max, `Use at most ${max.toLocaleString('en-US')} characters.`);

/** PATCH a language's own words of the guide: its title, or its cards' (the limits are the original's). */
export const UpdateTranslationTextsBody = z
  .object({
    texts: z
      .object({
        title: requiredText(200),
        introTitle: requiredText(CARD_TITLE_MAX),
        introSubtitle: safeText().trim().max(CARD_SUBTITLE_MAX, `Use at most ${CARD_SUBTITLE_MAX} characters.`),
        outroTitle: requiredText(CARD_TITLE_MAX),
        ctaLabel: requiredText(CTA_LABEL_MAX),
      })
      .partial()
      .strict()
      .refine((texts) => Object.keys(texts).length > 0, { message: 'Send at least one text.' }),
  })
  .strict();
export type UpdateTranslationTextsBody = z.infer<typeof UpdateTranslationTextsBody>;

export const TranslationListDto = z.object({ source: z.string(), translations: z.array(TranslationDto) });
export type TranslationListDto = z.infer<typeof TranslationListDto>;

export const SharedTranslationSlide = z.object({
  id: z.string(),
  text: z.string().nullable(),
  narration: z.string().nullable(),
  audioUrl: z.string().nullable(),
  audioDurationMs: z.number().nullable(),
  words: z.array(WordTiming),
});

/** A published guide's words in a language, as the share API lays them over the guide. */
export const SharedTranslationDto = z.object({
  language: z.string(),
  title: z.string(),
  /** the cards' words in the language; a card text absent here stays the original's */
  texts: z.partialRecord(z.enum(GUIDE_TEXT_KEYS), z.string()),
  slides: z.array(SharedTranslationSlide),
});
export type SharedTranslationDto = z.infer<typeof SharedTranslationDto>;

/**
 * `?lang=` on GET /api/share/{id}: a language guides can be translated into, as a code or a tag
 * (`es`, `es-MX`); anything else is a bad request. The guide's own language answers the original.
 */
export const ShareLanguageQuery = z.object({
  lang: z
    .string()
    .max(35)
    .regex(/^[A-Za-z]{2,3}(-[A-Za-z0-9]{1,8})*$/, 'Not a valid language tag.')
    .transform((tag) => primary(tag))
    .pipe(TranslationLanguageCode)
    .optional(),
});

/** The guide as viewers of a language see it: its words and voiceover replaced slide by slide. */
export function applyTranslation(guide: SharedGuideDto, translation: SharedTranslationDto): SharedGuideDto {
  const bySlide = new Map(translation.slides.map((s) => [s.id, s]));
  const { texts } = translation;
  return {
    ...guide,
    title: translation.title || guide.title,
    introCard: guide.introCard && {
      title: texts.introTitle || guide.introCard.title,
      subtitle: guide.introCard.subtitle ? texts.introSubtitle || guide.introCard.subtitle : '',
    },
    outroCard: guide.outroCard && {
      title: texts.outroTitle || guide.outroCard.title,
      cta: guide.outroCard.cta && { ...guide.outroCard.cta, label: texts.ctaLabel || guide.outroCard.cta.label },
    },
    slides: guide.slides.map((slide) => {
      const t = bySlide.get(slide.id);
      if (!t) return slide;
      return { ...slide, text: t.text ?? slide.text, narration: t.narration ?? slide.narration, audioUrl: t.audioUrl, audioDurationMs: t.audioDurationMs, words: t.words };
    }),
  };
}

/**
 * Step text marks the element's name in **bold**; the name is the app's own label and stays as
 * the app shows it. Split a text into pieces to translate and names to keep.
 */
export function splitBold(text: string): Array<{ keep: boolean; text: string }> {
  const parts: Array<{ keep: boolean; text: string }> = [];
  const re = /\*\*([^*]+)\*\*/g;
  let last = 0;
  for (let m = re.exec(text); m; m = re.exec(text)) {
    if (m.index > last) parts.push({ keep: false, text: text.slice(last, m.index) });
    parts.push({ keep: true, text: m[1]! });
    last = m.index + m[0].length;
  }
  if (last < text.length) parts.push({ keep: false, text: text.slice(last) });
  return parts;
}
