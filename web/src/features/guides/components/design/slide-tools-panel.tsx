import { useRef, useState, type FormEvent } from 'react';
import type { SlideDto } from '#shared/guides';
import { CropRect } from '#shared/slide-tools';
import { Button } from '../../../../components/ui/button';
import { Dialog } from '../../../../components/ui/dialog';
import { TextField } from '../../../../components/ui/form';
import type { SlideTools } from '../../hooks/use-slide-tools';
import { SCREENSHOT_ACCEPT } from '../../utils/screenshot-files';

export interface SlideToolsPanelProps {
  slide: SlideDto;
  position: number;
  count: number;
  tools: SlideTools;
}

/**
 * Where the narration's cursor is, when the author put it inside the words: the chosen step's
 * narration field keeps its selection after it loses focus to this panel's button.
 */
function narrationCursor(): number | undefined {
  const label = [...document.querySelectorAll<HTMLLabelElement>('.step-text label')].find((item) => item.textContent === 'Narration');
  const field = label?.control;
  if (!(field instanceof HTMLTextAreaElement)) return undefined;
  const at = field.selectionStart;
  return at > 0 && at < field.value.trimEnd().length ? at : undefined;
}

/** The chosen step's operations: insert a blank step after it, split, merge, and its screenshot replaced or cropped. */
export function SlideToolsPanel({ slide, position, count, tools }: SlideToolsPanelProps) {
  const fileRef = useRef<HTMLInputElement>(null);
  const [cropping, setCropping] = useState(false);
  const hasScreenshot = Boolean(slide.screenshotUrl && slide.width && slide.height);
  return (
    <div className="slide-tools">
      <Button variant="outline" size="sm" onClick={() => void tools.insertBlank(slide)}>
        Insert a blank step after
      </Button>
      <Button variant="outline" size="sm" disabled={!slide.narration?.trim()} onClick={() => void tools.split(slide, narrationCursor())}>
        Split at the narration cursor
      </Button>
      <Button variant="outline" size="sm" disabled={position >= count} onClick={() => void tools.merge(slide)}>
        Merge with the next step
      </Button>
      <Button variant="outline" size="sm" onClick={() => fileRef.current?.click()}>
        {hasScreenshot ? 'Replace the screenshot' : 'Add a screenshot'}
      </Button>
      <input
        ref={fileRef}
        type="file"
        accept={SCREENSHOT_ACCEPT}
        className="visually-hidden"
        tabIndex={-1}
        aria-label={`Screenshot file for step ${position}`}
        onChange={(event) => {
          const file = event.target.files?.[0];
          event.target.value = '';
          if (file) void tools.replace(slide, file);
        }}
      />
      {hasScreenshot ? (
        <Button variant="outline" size="sm" onClick={() => setCropping(true)}>
          Crop the screenshot
        </Button>
      ) : null}
      {hasScreenshot && slide.width && slide.height ? (
        <CropDialog
          key={`${slide.id}-${slide.width}-${slide.height}`}
          open={cropping}
          size={{ width: slide.width, height: slide.height }}
          position={position}
          onClose={() => setCropping(false)}
          onCrop={(rect) => {
            setCropping(false);
            void tools.crop(slide, rect);
          }}
        />
      ) : null}
    </div>
  );
}

/** The crop in the screenshot's own pixels, checked with the API's schema before it is sent. */
function CropDialog({
  open,
  size,
  position,
  onClose,
  onCrop,
}: {
  open: boolean;
  size: { width: number; height: number };
  position: number;
  onClose: () => void;
  onCrop: (rect: CropRect) => void;
}) {
  const [values, setValues] = useState({ x: '0', y: '0', width: String(size.width), height: String(size.height) });
  const [error, setError] = useState<string | undefined>();
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const rect = { x: Number(values.x), y: Number(values.y), width: Number(values.width), height: Number(values.height) };
    const parsed = CropRect.safeParse(rect);
    if (!parsed.success) return setError(parsed.error.issues[0]?.message ?? 'Enter whole pixels.');
    if (rect.x + rect.width > size.width || rect.y + rect.height > size.height) return setError(`Keep the crop inside the ${size.width} × ${size.height} screenshot.`);
    onCrop(parsed.data);
  };
  const field = (key: keyof typeof values, label: string) => (
    <TextField label={label} type="number" inputMode="numeric" min={0} step={1} value={values[key]} onChange={(event) => setValues({ ...values, [key]: event.target.value })} />
  );
  return (
    <Dialog
      open={open}
      onOpenChange={(open) => (open ? undefined : onClose())}
      title={`Crop the screenshot of step ${position}`}
      description={`In pixels of the ${size.width} × ${size.height} screenshot. A click point outside the crop is removed.`}
      size="sm"
    >
      <form className="crop-form" onSubmit={submit} noValidate>
        <div className="crop-form__fields">
          {field('x', 'From the left')}
          {field('y', 'From the top')}
          {field('width', 'Width')}
          {field('height', 'Height')}
        </div>
        {error ? (
          <p role="alert" className="field__error">
            {error}
          </p>
        ) : null}
        <div className="crop-form__actions">
          <Button type="button" variant="outline" onClick={onClose}>
            Cancel
          </Button>
          <Button type="submit">Crop</Button>
        </div>
      </form>
    </Dialog>
  );
}
