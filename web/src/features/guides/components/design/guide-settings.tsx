import { useId, useRef, useState } from 'react';
import { GuideTitle, type GuideDto } from '#shared/guides';
import { canPublishSteps } from '#shared/versions';
import { Button } from '#web/components/ui/button';
import { CheckboxField, TextField } from '#web/components/ui/form';
import type { GuideChanges } from '../../api/update-guide';
import { Icons } from '#web/components/icons';
import { fieldKey, releaseDraft } from '../../utils/held-drafts';
import { ConflictChoice, ZoomSlider, replaceTyped, saveField, useHeldDraft } from './design-fields';

export interface GuideSettingsProps {
  guide: GuideDto;
  /** `false` locks private guides behind Pro; `undefined` while the plan loads */
  canMakePrivate: boolean | undefined;
  onChange: (changes: GuideChanges) => void;
  /** the title, saved from the value it was edited from (a rename meanwhile refuses it, FieldConflict) */
  onRename: (title: string, base: string) => Promise<unknown>;
  onMakePrivateLocked: () => void;
  onDelete: () => void;
}

/**
 * The guide's title, saved on Enter or when left. Like the step texts, a title being typed is
 * never replaced by a teammate's; a save refused because they renamed it meanwhile shows both.
 */
function TitleField({ title, fieldKey, onCommit }: { title: string; fieldKey: string; onCommit: (title: string, base: string) => Promise<unknown> | void }) {
  const id = useId();
  const held = useHeldDraft(fieldKey);
  const inputRef = useRef<HTMLInputElement>(null);
  const [text, setText] = useState(() => held?.mine ?? title);
  const [pending, setPending] = useState(false);
  // The saved title the edits are made from; unedited, the field follows the saved title.
  const [origin, setOrigin] = useState(title);
  if (!pending && !held && text === origin && title !== origin) {
    setText(title);
    setOrigin(title);
  }
  const [error, setError] = useState<string | undefined>();
  const commit = (base = origin) => {
    if (held && base === origin) return;
    const parsed = GuideTitle.safeParse(text);
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message);
      return;
    }
    setError(undefined);
    if (parsed.data === origin && base === origin) return;
    setPending(true);
    void saveField(fieldKey, parsed.data, base, onCommit, () => inputRef.current?.value ?? parsed.data).then((saved) => {
      setPending(false);
      if (saved) {
        setOrigin(parsed.data);
        setText((now) => (now === text ? parsed.data : now));
      }
    });
  };
  return (
    <>
      <TextField
        ref={inputRef}
        label="Title"
        value={text}
        maxLength={200}
        autoComplete="off"
        error={error}
        aria-describedby={held ? `${id}-conflict` : undefined}
        onChange={(event) => {
          setText(event.target.value);
          setError(undefined);
        }}
        onBlur={() => commit()}
        onKeyDown={(event) => {
          if (event.key === 'Enter') {
            event.preventDefault();
            commit();
          }
        }}
      />
      {held ? (
        <ConflictChoice
          id={`${id}-conflict`}
          label="The title"
          theirs={held.theirs}
          onKeepMine={() => {
            releaseDraft(fieldKey);
            commit(held.theirs);
          }}
          onTakeTheirs={() => {
            releaseDraft(fieldKey);
            setOrigin(held.theirs);
            if (!replaceTyped(inputRef.current, held.theirs)) setText(held.theirs);
          }}
        />
      ) : null}
    </>
  );
}

function Segmented<T extends string>({ legend, value, options, onChange }: { legend: string; value: T; options: ReadonlyArray<{ value: T; label: string; hint: string; locked?: boolean; disabled?: boolean }>; onChange: (value: T) => void }) {
  const name = useId();
  return (
    <fieldset className="setting-group">
      <legend className="setting-group__legend">{legend}</legend>
      <div className="segmented">
        {options.map((option) => (
          <label key={option.value} className={['segmented__option', option.value === value && 'segmented__option--checked'].filter(Boolean).join(' ')}>
            <input type="radio" name={name} value={option.value} checked={option.value === value} disabled={option.disabled} onChange={() => onChange(option.value)} className="segmented__input" />
            <span className="segmented__label">
              {option.locked ? <span className="segmented__lock">{Icons.lock}</span> : null}
              {option.label}
            </span>
            <span className="segmented__hint">{option.hint}</span>
          </label>
        ))}
      </div>
    </fieldset>
  );
}

/**
 * The guide's settings: title, draft or published (publishing makes the share link work),
 * public or private (private is Pro), and the defaults its steps follow.
 */
export function GuideSettings({ guide, canMakePrivate, onChange, onRename, onMakePrivateLocked, onDelete }: GuideSettingsProps) {
  return (
    <div className="panel-section__body">
      <TitleField title={guide.title} fieldKey={fieldKey('guide', guide.id, 'title')} onCommit={onRename} />
      <Segmented
        legend="Status"
        value={guide.status}
        onChange={(status) => onChange({ status })}
        options={[
          { value: 'draft', label: 'Draft', hint: 'Only your organization' },
          // A guide without steps is not published (the server refuses it too).
          canPublishSteps(guide.slides.length) || guide.status === 'published'
            ? { value: 'published', label: 'Published', hint: 'The share link works' }
            : { value: 'published', label: 'Published', hint: 'Add a step first', disabled: true },
        ]}
      />
      <Segmented
        legend="Who can view"
        value={guide.visibility}
        onChange={(visibility) => {
          if (visibility === 'private' && canMakePrivate === false) onMakePrivateLocked();
          else onChange({ visibility });
        }}
        options={[
          { value: 'public', label: 'Anyone with the link', hint: 'Once published' },
          { value: 'private', label: 'Members only', hint: canMakePrivate === false ? 'A Pro feature' : 'Signed-in members', locked: canMakePrivate === false },
        ]}
      />
      {/* Off by default; a private guide is never indexed, whatever this says. */}
      <CheckboxField
        label="Let search engines index this guide"
        hint={
          guide.visibility === 'public'
            ? 'Its read view (every step as text) may show up in search results. Off: the share page asks search engines not to index it.'
            : 'Only public guides can be indexed.'
        }
        checked={guide.visibility === 'public' && guide.indexable}
        disabled={guide.visibility !== 'public'}
        onChange={(event) => onChange({ indexable: event.target.checked })}
      />
      <ZoomSlider
        label="Default zoom"
        value={guide.zoomLevel}
        hint="How far the player zooms towards each click, unless a step sets its own."
        onCommit={(zoomLevel) => onChange({ zoomLevel })}
      />
      <CheckboxField
        label="Show the click highlight"
        hint="A ring around each click, unless a step sets its own."
        checked={guide.isHighlightVisible}
        onChange={(event) => onChange({ isHighlightVisible: event.target.checked })}
      />
      <Button variant="outline" size="sm" icon={Icons.trash} className="danger-outline" onClick={onDelete}>
        Delete guide…
      </Button>
    </div>
  );
}
