import { useState, type FormEvent } from 'react';
import { zodIssuesToDetails } from '#shared/errors';
import { CARD_SUBTITLE_MAX, CARD_TITLE_MAX, CTA_LABEL_MAX, CTA_URL_MAX, IntroCard, OutroCard } from '#shared/guide-cards';
import type { GuideDto } from '#shared/guides';
import { Button } from '../../../../components/ui/button';
import { TextField } from '../../../../components/ui/form';
import type { GuideChanges } from '../../api/update-guide';

type Errors = Partial<Record<string, string>>;

/**
 * The guide's intro and outro cards in the design view: a title screen, and a closing screen with
 * an optional call-to-action button. Each is saved when asked (checked with the API's own schema
 * first, so a bad link is explained here and nothing is sent) and removed with "Remove".
 */
export function GuideCardsPanel({ guide, onChange }: { guide: GuideDto; onChange: (data: GuideChanges) => void }) {
  return (
    <div className="guide-cards">
      <IntroForm key={`intro-${JSON.stringify(guide.introCard)}`} guide={guide} onChange={onChange} />
      <OutroForm key={`outro-${JSON.stringify(guide.outroCard)}`} guide={guide} onChange={onChange} />
    </div>
  );
}

function IntroForm({ guide, onChange }: { guide: GuideDto; onChange: (data: GuideChanges) => void }) {
  const [title, setTitle] = useState(guide.introCard?.title ?? guide.title);
  const [subtitle, setSubtitle] = useState(guide.introCard?.subtitle ?? '');
  const [errors, setErrors] = useState<Errors>({});
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = IntroCard.safeParse({ title, subtitle });
    if (!parsed.success) return setErrors(zodIssuesToDetails(parsed.error.issues));
    setErrors({});
    onChange({ introCard: parsed.data });
  };
  return (
    <form className="guide-cards__form" aria-labelledby="guide-cards-intro" onSubmit={submit} noValidate>
      <h3 id="guide-cards-intro" className="guide-cards__heading">
        Intro card {guide.introCard ? null : <span className="guide-cards__off">(off)</span>}
      </h3>
      <TextField label="Intro title" value={title} maxLength={CARD_TITLE_MAX} error={errors['title']} onChange={(event) => setTitle(event.target.value)} />
      <TextField label="Intro subtitle" value={subtitle} maxLength={CARD_SUBTITLE_MAX} error={errors['subtitle']} onChange={(event) => setSubtitle(event.target.value)} />
      <div className="guide-cards__actions">
        <Button type="submit" size="sm">
          {guide.introCard ? 'Save intro' : 'Add intro'}
        </Button>
        {guide.introCard ? (
          <Button type="button" size="sm" variant="ghost" onClick={() => onChange({ introCard: null })}>
            Remove intro
          </Button>
        ) : null}
      </div>
    </form>
  );
}

function OutroForm({ guide, onChange }: { guide: GuideDto; onChange: (data: GuideChanges) => void }) {
  const [title, setTitle] = useState(guide.outroCard?.title ?? "You're all set");
  const [label, setLabel] = useState(guide.outroCard?.cta?.label ?? '');
  const [url, setUrl] = useState(guide.outroCard?.cta?.url ?? '');
  const [errors, setErrors] = useState<Errors>({});
  const submit = (event: FormEvent) => {
    event.preventDefault();
    // No label and no link: a closing card without a button.
    const cta = label.trim() || url.trim() ? { label, url } : null;
    const parsed = OutroCard.safeParse({ title, cta });
    if (!parsed.success) return setErrors(zodIssuesToDetails(parsed.error.issues));
    setErrors({});
    onChange({ outroCard: parsed.data });
  };
  return (
    <form className="guide-cards__form" aria-labelledby="guide-cards-outro" onSubmit={submit} noValidate>
      <h3 id="guide-cards-outro" className="guide-cards__heading">
        Outro card {guide.outroCard ? null : <span className="guide-cards__off">(off)</span>}
      </h3>
      <TextField label="Outro title" value={title} maxLength={CARD_TITLE_MAX} error={errors['title']} onChange={(event) => setTitle(event.target.value)} />
      <TextField label="Button label" value={label} maxLength={CTA_LABEL_MAX} error={errors['cta.label']} onChange={(event) => setLabel(event.target.value)} />
      <TextField
        label="Button link"
        type="url"
        inputMode="url"
        placeholder="https://"
        maxLength={CTA_URL_MAX}
        value={url}
        error={errors['cta.url']}
        hint="Opens in a new tab at the end of the guide."
        onChange={(event) => setUrl(event.target.value)}
      />
      <div className="guide-cards__actions">
        <Button type="submit" size="sm">
          {guide.outroCard ? 'Save outro' : 'Add outro'}
        </Button>
        {guide.outroCard ? (
          <Button type="button" size="sm" variant="ghost" onClick={() => onChange({ outroCard: null })}>
            Remove outro
          </Button>
        ) : null}
      </div>
    </form>
  );
}
