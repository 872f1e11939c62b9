import { useState, type FormEvent } from 'react';
import { zodIssuesToDetails } from '#shared/errors';
import { CARD_SUBTITLE_MAX, CARD_TITLE_MAX, CTA_LABEL_MAX, CTA_URL_MAX, IntroCard, OutroCard } from '#shared/guide-cards';
import type { GuideDto } from '#shared/guides';
import type { GuideBase } from '#shared/revision';
import { Button } from '#web/components/ui/button';
import { TextField } from '#web/components/ui/form';
import type { GuideChanges } from '../../api/update-guide';
import { FieldConflict } from '../../utils/held-drafts';

type Errors = Partial<Record<string, string>>;
type Save = (data: GuideChanges, base?: GuideBase) => Promise<void>;

/**
 * The guide's intro and outro cards in the design view: a title screen, and a closing screen with
 * an optional call-to-action button. Each is saved when asked (checked with the API's own schema
 * first, so a bad link is explained here and nothing is sent) and removed with "Remove". What is
 * typed in a card is the author's until saved (issue 27): a teammate's change of the card shows
 * here only while the form is unedited, and a save refused because they changed it meanwhile
 * keeps the author's words in the fields and shows theirs beside, to keep one or the other.
 */
export function GuideCardsPanel({ guide, onChange, onSave }: { guide: GuideDto; onChange: (data: GuideChanges) => void; onSave: Save }) {
  return (
    <div className="guide-cards">
      <IntroForm guide={guide} onChange={onChange} onSave={onSave} />
      <OutroForm guide={guide} onChange={onChange} onSave={onSave} />
    </div>
  );
}

/**
 * A card form's fields from the saved card: they follow it while unedited, and a save names the
 * card the edits were made from. Answers the fields, the card a refused save met, and the save.
 */
function useCardForm<Fields extends Record<string, string>, Card>(saved: Card | null, fieldsOf: (card: Card | null) => Fields, parse: (value: unknown) => Card | null | undefined) {
  const [fields, setFields] = useState(() => fieldsOf(saved));
  const [origin, setOrigin] = useState<Card | null>(saved);
  const [conflict, setConflict] = useState<{ theirs: Card | null } | undefined>();
  const same = (a: Fields, b: Fields) => Object.keys(a).every((key) => a[key] === b[key]);
  if (JSON.stringify(saved) !== JSON.stringify(origin) && !conflict && same(fields, fieldsOf(origin))) {
    setFields(fieldsOf(saved));
    setOrigin(saved);
  }
  /** Saves `card`, made from `base` (the card the edits began from unless the author chose to overwrite theirs). */
  const save = (card: Card, send: (base: Card | null) => Promise<void>, base: Card | null = origin) => {
    void send(base).then(
      () => {
        setConflict(undefined);
        setOrigin(card);
      },
      (error: unknown) => {
        if (!(error instanceof FieldConflict)) return;
        const theirs = parse(error.value);
        if (theirs !== undefined) setConflict({ theirs });
      },
    );
  };
  const takeTheirs = () => {
    if (!conflict) return;
    setFields(fieldsOf(conflict.theirs));
    setOrigin(conflict.theirs);
    setConflict(undefined);
  };
  return { fields, set: (change: Partial<Fields>) => setFields((now) => ({ ...now, ...change })), conflict, save, takeTheirs, origin };
}

const introFields = (guide: GuideDto) => (card: IntroCard | null) => ({ title: card?.title ?? guide.title, subtitle: card?.subtitle ?? '' });
const outroFields = (card: OutroCard | null) => ({ title: card?.title ?? "You're all set", label: card?.cta?.label ?? '', url: card?.cta?.url ?? '' });
const parseIntro = (value: unknown) => (value === null ? null : IntroCard.safeParse(value).data);
const parseOutro = (value: unknown) => (value === null ? null : OutroCard.safeParse(value).data);

function CardConflict({ name, theirs, onKeepMine, onTakeTheirs }: { name: string; theirs: string; onKeepMine: () => void; onTakeTheirs: () => void }) {
  return (
    <div className="field-conflict" role="group" aria-label={`${name}: changed by someone else`}>
      <p className="field-conflict__message" role="alert">
        Someone else changed the {name.toLowerCase()} while you were editing. Yours is kept in the fields, not yet saved.
      </p>
      <p className="field-conflict__label">Theirs</p>
      <blockquote className="field-conflict__theirs">{theirs}</blockquote>
      <div className="field-conflict__actions">
        <Button size="sm" onClick={onKeepMine}>
          Keep mine
        </Button>
        <Button size="sm" variant="outline" onClick={onTakeTheirs}>
          Use theirs
        </Button>
      </div>
    </div>
  );
}

function IntroForm({ guide, onChange, onSave }: { guide: GuideDto; onChange: (data: GuideChanges) => void; onSave: Save }) {
  const form = useCardForm(guide.introCard, introFields(guide), parseIntro);
  const { title, subtitle } = form.fields;
  const [errors, setErrors] = useState<Errors>({});
  const submit = (event?: FormEvent, base?: IntroCard | null) => {
    event?.preventDefault();
    const parsed = IntroCard.safeParse({ title, subtitle });
    if (!parsed.success) return setErrors(zodIssuesToDetails(parsed.error.issues));
    setErrors({});
    form.save(parsed.data, (from) => onSave({ introCard: parsed.data }, { introCard: from }), base);
  };
  return (
    <form className="guide-cards__form" aria-labelledby="guide-cards-intro" onSubmit={submit} noValidate>
      <h3 id="guide-cards-intro" className="guide-cards__heading">
        Intro card {guide.introCard ? null : <span className="guide-cards__off">(off)</span>}
      </h3>
      <TextField label="Intro title" value={title} maxLength={CARD_TITLE_MAX} error={errors['title']} onChange={(event) => form.set({ title: event.target.value })} />
      <TextField label="Intro subtitle" value={subtitle} maxLength={CARD_SUBTITLE_MAX} error={errors['subtitle']} onChange={(event) => form.set({ subtitle: event.target.value })} />
      {form.conflict ? (
        <CardConflict
          name="Intro card"
          theirs={form.conflict.theirs ? [form.conflict.theirs.title, form.conflict.theirs.subtitle].filter(Boolean).join(' — ') : '(removed)'}
          onKeepMine={() => submit(undefined, form.conflict?.theirs ?? null)}
          onTakeTheirs={form.takeTheirs}
        />
      ) : null}
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

function OutroForm({ guide, onChange, onSave }: { guide: GuideDto; onChange: (data: GuideChanges) => void; onSave: Save }) {
  const form = useCardForm(guide.outroCard, outroFields, parseOutro);
  const { title, label, url } = form.fields;
  const [errors, setErrors] = useState<Errors>({});
  const submit = (event?: FormEvent, base?: OutroCard | null) => {
    event?.preventDefault();
    // No label and no link: a closing card without a button.
    const cta = label.trim() || url.trim() ? { label, url } : null;
    const parsed = OutroCard.safeParse({ title, cta });
    if (!parsed.success) return setErrors(zodIssuesToDetails(parsed.error.issues));
    setErrors({});
    form.save(parsed.data, (from) => onSave({ outroCard: parsed.data }, { outroCard: from }), base);
  };
  return (
    <form className="guide-cards__form" aria-labelledby="guide-cards-outro" onSubmit={submit} noValidate>
      <h3 id="guide-cards-outro" className="guide-cards__heading">
        Outro card {guide.outroCard ? null : <span className="guide-cards__off">(off)</span>}
      </h3>
      <TextField label="Outro title" value={title} maxLength={CARD_TITLE_MAX} error={errors['title']} onChange={(event) => form.set({ title: event.target.value })} />
      <TextField label="Button label" value={label} maxLength={CTA_LABEL_MAX} error={errors['cta.label']} onChange={(event) => form.set({ label: event.target.value })} />
      <TextField
        label="Button link"
        type="url"
        inputMode="url"
        placeholder="https://"
        maxLength={CTA_URL_MAX}
        value={url}
        error={errors['cta.url']}
        hint="Opens in a new tab at the end of the guide."
        onChange={(event) => form.set({ url: event.target.value })}
      />
      {form.conflict ? (
        <CardConflict
          name="Outro card"
          theirs={form.conflict.theirs ? [form.conflict.theirs.title, form.conflict.theirs.cta?.label].filter(Boolean).join(' — ') : '(removed)'}
          onKeepMine={() => submit(undefined, form.conflict?.theirs ?? null)}
          onTakeTheirs={form.takeTheirs}
        />
      ) : null}
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
