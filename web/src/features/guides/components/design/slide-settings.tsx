import { useId, useState } from 'react';
import type { GuideDto, SlideDto } from '#shared/guides';
import { Button } from '#web/components/ui/button';
import { CheckboxField, SelectField } from '#web/components/ui/form';
import type { SlideChanges } from '../../api/update-slide';
import { Icons } from '#web/components/icons';
import { formatZoom, ZoomSlider } from './design-fields';
import { clickPercent } from './slide-stage';

export interface SlideSettingsProps {
  guide: Pick<GuideDto, 'zoomLevel' | 'isHighlightVisible'>;
  slide: SlideDto;
  onChange: (changes: SlideChanges) => void;
  onDelete: () => void;
  onDuplicate?: (() => void) | undefined;
  /** the zoom while the slider moves, for the stage's live preview */
  onPreviewZoom?: ((zoom: number | undefined) => void) | undefined;
}

/** A percentage field of the click point, committed on blur or Enter. */
function PercentField({ label, value, onCommit }: { label: string; value: number; onCommit: (value: number) => void }) {
  const id = useId();
  const [text, setText] = useState(String(value));
  const [seen, setSeen] = useState(value);
  if (seen !== value) {
    setSeen(value);
    setText(String(value));
  }
  const commit = () => {
    const next = Number(text);
    if (text.trim() === '' || !Number.isFinite(next)) setText(String(value));
    else if (next !== value) onCommit(Math.min(100, Math.max(0, next)));
  };
  return (
    <div className="field percent-field">
      <label className="field__label" htmlFor={id}>
        {label}
      </label>
      <div className="percent-field__control">
        <input
          id={id}
          className="input"
          type="number"
          inputMode="decimal"
          min={0}
          max={100}
          step={1}
          value={text}
          onChange={(event) => setText(event.target.value)}
          onBlur={commit}
          onKeyDown={(event) => {
            if (event.key === 'Enter') {
              event.preventDefault();
              commit();
            }
          }}
        />
        <span aria-hidden="true">%</span>
      </div>
    </div>
  );
}

/**
 * The chosen step's own settings: its zoom and highlight follow the guide unless overridden
 * (null puts the default back), and where its click is.
 */
export function SlideSettings({ guide, slide, onChange, onDelete, onDuplicate, onPreviewZoom }: SlideSettingsProps) {
  const point = clickPercent(slide);
  const followsZoom = slide.zoomLevel === null;

  const canPlace = Boolean(slide.width && slide.height && slide.screenshotUrl);
  const toPixels = (percent: number, size: number | null) => Math.round(((size ?? 0) * percent) / 100);

  return (
    <div className="panel-section__body">
      <fieldset className="setting-group">
        <legend className="setting-group__legend">Zoom</legend>
        <CheckboxField
          label={`Use the guide’s zoom (${formatZoom(guide.zoomLevel)})`}
          checked={followsZoom}
          onChange={(event) => onChange({ zoomLevel: event.target.checked ? null : guide.zoomLevel })}
        />
        <ZoomSlider
          label="Zoom for this step"
          value={slide.zoomLevel ?? guide.zoomLevel}
          disabled={followsZoom}
          onCommit={(zoomLevel) => onChange({ zoomLevel })}
          onPreview={onPreviewZoom}
        />
      </fieldset>
      <SelectField
        label="Click highlight"
        value={slide.isHighlightVisible === null ? 'default' : slide.isHighlightVisible ? 'shown' : 'hidden'}
        onChange={(event) => {
          const value = event.target.value;
          onChange({ isHighlightVisible: value === 'default' ? null : value === 'shown' });
        }}
      >
        <option value="default">Guide default ({guide.isHighlightVisible ? 'shown' : 'hidden'})</option>
        <option value="shown">Shown on this step</option>
        <option value="hidden">Hidden on this step</option>
      </SelectField>
      {canPlace ? (
        <fieldset className="setting-group">
          <legend className="setting-group__legend">Click point</legend>
          {point ? (
            <>
              <div className="percent-fields">
                <PercentField label="From the left" value={point.x} onCommit={(x) => onChange({ click: { x: toPixels(x, slide.width), y: slide.click?.y ?? 0 } })} />
                <PercentField label="From the top" value={point.y} onCommit={(y) => onChange({ click: { x: slide.click?.x ?? 0, y: toPixels(y, slide.height) } })} />
              </div>
              <Button variant="outline" size="sm" onClick={() => onChange({ click: null })}>
                Remove the click point
              </Button>
            </>
          ) : (
            <>
              <p className="setting-group__note">No click point: the player shows the whole screenshot. Click the screenshot, or:</p>
              <Button
                variant="outline"
                size="sm"
                onClick={() => onChange({ click: { x: toPixels(50, slide.width), y: toPixels(50, slide.height) } })}
              >
                Mark the centre
              </Button>
            </>
          )}
        </fieldset>
      ) : null}
      {onDuplicate ? (
        <Button variant="outline" size="sm" icon={Icons.duplicate} onClick={onDuplicate}>
          Duplicate this step
        </Button>
      ) : null}
      <Button variant="outline" size="sm" icon={Icons.trash} className="danger-outline" onClick={onDelete}>
        Delete this step
      </Button>
    </div>
  );
}
