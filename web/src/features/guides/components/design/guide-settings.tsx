import { useId, useState } from 'react';
import { GuideTitle, type GuideDto } from '#shared/guides';
import { canPublishSteps } from '#shared/versions';
import { Button } from '../../../../components/ui/button';
import { CheckboxField, TextField } from '../../../../components/ui/form';
import type { GuideChanges } from '../../api/update-guide';
import { Icons } from '../icons';
import { ZoomSlider } from './design-fields';

export interface GuideSettingsProps {
  guide: GuideDto;
  /** `false` locks private guides behind Pro; `undefined` while the plan loads */
  canMakePrivate: boolean | undefined;
  onChange: (changes: GuideChanges) => void;
  onMakePrivateLocked: () => void;
  onDelete: () => void;
}

function TitleField({ title, onCommit }: { title: string; onCommit: (title: string) => void }) {
  const [text, setText] = useState(title);
  const [seen, setSeen] = useState(title);
  const [error, setError] = useState<string | undefined>();
  if (seen !== title) {
    setSeen(title);
    setText(title);
  }
  const commit = () => {
    const parsed = GuideTitle.safeParse(text);
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message);
      return;
    }
    setError(undefined);
    if (parsed.data !== title) onCommit(parsed.data);
  };
  return (
    <TextField
      label="Title"
      value={text}
      maxLength={200}
      autoComplete="off"
      error={error}
      onChange={(event) => {
        setText(event.target.value);
        setError(undefined);
      }}
      onBlur={commit}
      onKeyDown={(event) => {
        if (event.key === 'Enter') {
          event.preventDefault();
          commit();
        }
      }}
    />
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
export function GuideSettings({ guide, canMakePrivate, onChange, onMakePrivateLocked, onDelete }: GuideSettingsProps) {
  return (
    <div className="panel-section__body">
      <TitleField title={guide.title} onCommit={(title) => onChange({ title })} />
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
