import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useId, useRef, useState, type ComponentType } from 'react';
import { languageName, primary, TRANSLATION_LANGUAGES, type TranslationLanguage } from '#shared/share/languages';
import type { GuideTextKey, TranslationDto } from '#shared/translation';
import { ORG_RUNNING_LIMITS, placeInLine } from '#shared/workers';
import { Badge } from '#web/components/ui/badge';
import { Button } from '#web/components/ui/button';
import { toast } from '#web/components/ui/toast';
import { isApiError } from '#web/lib/api-error';
import {
  isTranslating,
  refreshGuide,
  translationQueryKeys,
  useRemoveTranslation,
  useStartTranslation,
  useTranslation,
  useTranslations,
  useUpdateTranslationSlide,
  useUpdateTranslationTexts,
} from '../api/translations';
import { Icons } from '#web/components/icons';

/**
 * The text field a translated text is edited in: the design view's own (autosaving, keeping the
 * author's words on a conflict), handed in by whoever composes this panel into it.
 */
export type TranslationTextField = ComponentType<{ label: string; value: string; rows?: number; maxLength?: number; onSave: (text: string) => Promise<unknown> | void }>;

export interface TranslationsPanelProps {
  guideId: string;
  TextField: TranslationTextField;
  /** the plan has voiceover (translations are voiced); undefined while loading */
  canTranslate: boolean | undefined;
  onLocked: () => void;
}

/** Where the language is as a draft: never "Ready" while a part is in the original language or the guide changed since. */
function statusOf(t: TranslationDto): string {
  if (t.state === 'failed') return `Failed: ${t.error ?? 'please try again.'}`;
  if (t.state === 'queued' && t.queuePosition) return `${placeInLine(t.queuePosition)}: your organisation translates ${ORG_RUNNING_LIMITS.translation} at a time.`;
  if (isTranslating(t)) return `Translating and voicing: ${t.done} of ${t.total} steps…`;
  if (t.stale) return 'Out of date: the guide changed since. Translate it again.';
  if (t.needsReview > 0) {
    return `Needs translation: ${t.needsReview} ${t.needsReview === 1 ? 'part was' : 'parts were'} kept in the original language. Write ${t.needsReview === 1 ? 'it' : 'them'} in ${t.name} under Review.`;
  }
  return `Ready, ${t.voiceId ? 'voiced' : 'no voice for this language'}.`;
}

/** What viewers get of the language now, and what "Publish changes" would do to it. */
function viewersOf(t: TranslationDto): { tone: 'success' | 'warning' | 'neutral'; label: string; text: string } {
  if (t.published === 'live') return { tone: 'success', label: 'Published', text: 'Viewers can pick it on the share page.' };
  if (t.published === 'earlier') {
    return t.ready
      ? { tone: 'warning', label: 'Changes not published', text: 'Viewers see the version published earlier. Publish changes to show this one.' }
      : { tone: 'warning', label: 'Changes not published', text: `Viewers see the version published earlier. Publishing changes now takes ${t.name} off the share page until it is ready.` };
  }
  return t.ready
    ? { tone: 'neutral', label: 'Not published', text: 'Viewers get it once you publish changes.' }
    : { tone: 'neutral', label: 'Not published', text: 'Viewers get it once it is ready and published.' };
}

const TEXT_LABELS: Record<GuideTextKey, string> = {
  title: 'Title',
  introTitle: 'Intro card title',
  introSubtitle: 'Intro card subtitle',
  outroTitle: 'Outro card title',
  ctaLabel: 'Outro button label',
};
const TEXT_MAX: Record<GuideTextKey, number> = { title: 200, introTitle: 120, introSubtitle: 240, outroTitle: 120, ctaLabel: 40 };
const NEEDS_TRANSLATION = ' · needs translation: kept in the original by the offline translator';

/** One translated step, its words beside the original's; edits save themselves and a new narration is voiced again. */
function TranslationReview({ guideId, language, TextField }: { guideId: string; language: string; TextField: TranslationTextField }) {
  const detail = useTranslation(guideId, language);
  const update = useUpdateTranslationSlide(guideId, language);
  const updateTexts = useUpdateTranslationTexts(guideId, language);
  const saveText = (key: GuideTextKey, text: string) =>
    updateTexts.mutate(
      { texts: { [key]: text } },
      {
        onError: (error) =>
          toast.error('The words could not be saved', {
            description: isApiError(error) && error.code === 'validation_failed' ? (Object.values(error.details ?? {})[0] ?? error.message) : 'Please try again.',
          }),
      },
    );
  const save = (slideId: string, body: { text?: string; narration?: string }) =>
    update.mutate(
      { slideId, body },
      {
        onError: (error) =>
          toast.error('The step could not be saved', { description: isApiError(error) && error.code === 'conflict' ? 'Wait until the language is ready.' : 'Please try again.' }),
      },
    );
  if (!detail.data) return <p className="field__hint">{detail.isError ? 'The translation could not be loaded.' : 'Loading…'}</p>;
  return (
    <>
      <ul className="translation-review" lang={language} aria-label={`${languageName(language)} title and cards`}>
        {detail.data.texts.map((t) => (
          <li key={t.key} className="translation-review__step">
            <p className="translation-review__source">
              <span className="translation-review__number">{TEXT_LABELS[t.key]}</span> {t.sourceText}
              {t.needsReview ? <span className="translation-review__flag">{NEEDS_TRANSLATION}</span> : null}
            </p>
            <TextField label={`${TEXT_LABELS[t.key]} (${languageName(language)})`} value={t.text ?? ''} rows={1} maxLength={TEXT_MAX[t.key]} onSave={(text) => saveText(t.key, text)} />
          </li>
        ))}
      </ul>
      <ol className="translation-review" lang={language} aria-label={`${languageName(language)} steps`}>
        {detail.data.slides.map((slide, index) => (
          <li key={slide.id} className="translation-review__step">
            <p className="translation-review__source">
              <span className="translation-review__number">Step {index + 1}</span> {slide.sourceText ?? ''}
              {slide.needsReview ? <span className="translation-review__flag">{NEEDS_TRANSLATION}</span> : null}
            </p>
            <TextField label={`Step ${index + 1} text (${languageName(language)})`} value={slide.text ?? ''} rows={2} onSave={(text) => save(slide.id, { text })} />
            <TextField
              label={`Step ${index + 1} narration (${languageName(language)})`}
              value={slide.narration ?? ''}
              rows={2}
              maxLength={5000}
              onSave={(narration) => save(slide.id, { narration })}
            />
            {slide.audioUrl ? <audio controls preload="none" src={slide.audioUrl} aria-label={`Voiceover of step ${index + 1} in ${languageName(language)}`} /> : null}
          </li>
        ))}
      </ol>
    </>
  );
}

/**
 * The guide's languages: add one (a job translates every step and voices it in a voice of that
 * language, with its progress shown), review and edit a language's steps, translate again after
 * the guide changed, or remove it.
 */
export function TranslationsPanel({ guideId, TextField, canTranslate, onLocked }: TranslationsPanelProps) {
  const id = useId();
  const queryClient = useQueryClient();
  const translations = useTranslations(guideId);
  const start = useStartTranslation(guideId);
  const remove = useRemoveTranslation(guideId);
  const [reviewing, setReviewing] = useState<string | undefined>();
  const source = translations.data?.source ?? 'en-US';
  const have = new Set((translations.data?.translations ?? []).map((t) => t.language));
  const choices = TRANSLATION_LANGUAGES.filter((l) => l.code !== primary(source) && !have.has(l.code));
  const [choice, setChoice] = useState<string>('');
  const selected = choices.find((l) => l.code === choice)?.code ?? choices[0]?.code;

  // A language finishing (or failing) changes whether the guide has something to publish.
  const signature = (translations.data?.translations ?? []).map((t) => `${t.language}:${t.state}:${t.ready}:${t.published}`).join(' ');
  const seen = useRef<string | undefined>(undefined);
  useEffect(() => {
    if (!translations.data) return;
    if (seen.current !== undefined && seen.current !== signature) void refreshGuide(queryClient, guideId);
    seen.current = signature;
  }, [signature, translations.data, queryClient, guideId]);

  const translate = (language: TranslationLanguage) => {
    if (canTranslate === false) {
      onLocked();
      return;
    }
    start.mutate(
      { language },
      {
        onError: (error) => {
          if (isApiError(error) && error.code === 'plan_limit') {
            toast.info('Translations are a Pro feature', { description: 'Start a Pro trial to translate your guides.' });
            onLocked();
          } else toast.error('Something went wrong', { description: 'The translation could not be started.' });
        },
      },
    );
  };

  const drop = (language: string) =>
    remove.mutate(language, {
      onSuccess: () => {
        if (reviewing === language) setReviewing(undefined);
        queryClient.removeQueries({ queryKey: translationQueryKeys.detail(guideId, language) });
        toast.info(`${languageName(language)} removed`);
      },
      onError: () => toast.error('Something went wrong', { description: 'The language could not be removed.' }),
    });

  return (
    <div className="translations">
      <p className="field__hint">
        Viewers get the language of their browser when the guide has it, or pick one on the share page. A language is part of your draft: viewers see it once it is
        ready and you publish changes.
      </p>
      {translations.isError ? <p className="field__hint">The languages could not be loaded.</p> : null}
      <ul className="translations__list" aria-label="Languages">
        {(translations.data?.translations ?? []).map((t) => (
          <li key={t.language} className="translations__item">
            <div className="translations__row">
              <strong lang={t.language}>{t.name}</strong>
              <span className="translations__actions">
                <Button
                  variant="outline"
                  size="sm"
                  aria-expanded={reviewing === t.language}
                  disabled={isTranslating(t)}
                  onClick={() => setReviewing(reviewing === t.language ? undefined : t.language)}
                >
                  {`Review ${t.name}`}
                </Button>
                {t.stale || t.state === 'failed' ? (
                  <Button variant="outline" size="sm" disabled={isTranslating(t) || start.isPending} onClick={() => translate(t.language)}>
                    {`Translate ${t.name} again`}
                  </Button>
                ) : null}
                <Button variant="ghost" size="sm" icon={Icons.trash} disabled={isTranslating(t) || remove.isPending} onClick={() => drop(t.language)}>
                  {`Remove ${t.name}`}
                </Button>
              </span>
            </div>
            {isTranslating(t) ? <progress className="voiceover__progress" aria-label={`${t.name} translation progress`} max={Math.max(1, t.total)} value={t.done} /> : null}
            <p role="status" className="voiceover__status">
              {statusOf(t)}
            </p>
            <p className="translations__viewers" data-testid={`viewers-${t.language}`}>
              <Badge tone={viewersOf(t).tone}>{viewersOf(t).label}</Badge> {viewersOf(t).text}
            </p>
            {reviewing === t.language && !isTranslating(t) ? <TranslationReview guideId={guideId} language={t.language} TextField={TextField} /> : null}
          </li>
        ))}
      </ul>
      {choices.length > 0 ? (
        <div className="field">
          <label className="field__label" htmlFor={`${id}-language`}>
            Add a language
          </label>
          <div className="voiceover__voice-row">
            <select id={`${id}-language`} className="field__input" value={selected ?? ''} onChange={(event) => setChoice(event.target.value)}>
              {choices.map((l) => (
                <option key={l.code} value={l.code} lang={l.code}>
                  {l.name}
                </option>
              ))}
            </select>
            <Button size="sm" icon={canTranslate === false ? Icons.lock : Icons.plus} disabled={!selected || start.isPending || !translations.data} onClick={() => selected && translate(selected)}>
              Translate
            </Button>
          </div>
        </div>
      ) : null}
    </div>
  );
}
