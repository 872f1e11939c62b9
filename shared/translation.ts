import * as z from 'zod';
import { Language, VoiceId, WordTiming } from './narration';
import type { SharedGuideDto } from './share/shared-guide';

/**
 * A guide in other languages: its title, step text, narration and opening and closing lines
 * translated, and a voiceover in a voice of that language. The API contract
 * (/api/guides/{id}/translations, /api/share/{id}/translations) and the pure rules the share page
 * uses (which language a viewer gets, a translation laid over the guide).
 */

/** The languages an author can translate into (Amazon Translate and Polly both have them). */
export const TRANSLATION_LANGUAGES = [
  { code: 'de', name: 'Deutsch' },
  { code: 'es', name: 'Español' },
  { code: 'fr', name: 'Français' },
  { code: 'it', name: 'Italiano' },
  { code: 'nl', name: 'Nederlands' },
  { code: 'pl', name: 'Polski' },
  { code: 'pt', name: 'Português' },
  { code: 'sv', name: 'Svenska' },
  { code: 'fi', name: 'Suomi' },
  { code: 'tr', name: 'Türkçe' },
  { code: 'en', name: 'English' },
] as const;
export type TranslationLanguage = (typeof TRANSLATION_LANGUAGES)[number]['code'];
const CODES = TRANSLATION_LANGUAGES.map((l) => l.code) as [TranslationLanguage, ...TranslationLanguage[]];

export const TranslationLanguageCode = z.enum(CODES, { error: 'Not a language guides can be translated into.' });

export function languageName(code: string): string {
  return TRANSLATION_LANGUAGES.find((l) => l.code === primary(code))?.name ?? code;
}

/** `de-AT` → `de` */
export function primary(tag: string): string {
  return tag.split('-')[0]!.toLowerCase();
}

export const TRANSLATION_STATES = ['queued', 'running', 'done', 'failed'] as const;

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
  language: z.string(),
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
  error: z.string().nullable(),
  updatedAt: z.string(),
});
export type TranslationDto = z.infer<typeof TranslationDto>;

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

/** GET /api/share/{id}/translations/{language}: a published guide's words in a language. */
export const SharedTranslationDto = z.object({
  language: z.string(),
  title: z.string(),
  slides: z.array(SharedTranslationSlide),
});
export type SharedTranslationDto = z.infer<typeof SharedTranslationDto>;

/** GET /api/share/{id}/translations: the guide's own language and its finished translations. */
export const SharedLanguagesDto = z.object({
  source: z.string(),
  languages: z.array(z.object({ code: z.string(), name: z.string() })),
});
export type SharedLanguagesDto = z.infer<typeof SharedLanguagesDto>;

export const LangQuery = z.object({ lang: Language.optional() });

/**
 * The language a viewer gets: `?lang=` when the guide has it, else the first of the browser's
 * languages the guide has (by primary subtag), else the guide's own. Answers a code of
 * `available` or the source.
 */
export function pickLanguage(source: string, available: readonly string[], requested: string | null | undefined, browser: readonly string[]): string {
  const has = (tag: string) => (primary(tag) === primary(source) ? source : available.find((code) => primary(code) === primary(tag)));
  if (requested) {
    const found = has(requested);
    if (found) return found;
  }
  for (const tag of browser) {
    const found = has(tag);
    if (found) return found;
  }
  return source;
}

/** The guide as viewers of a language see it: its words and voiceover replaced slide by slide. */
export function applyTranslation(guide: SharedGuideDto, translation: SharedTranslationDto): SharedGuideDto {
  const bySlide = new Map(translation.slides.map((s) => [s.id, s]));
  return {
    ...guide,
    title: translation.title || guide.title,
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
