import { useRef, useState, type FormEvent, type PointerEvent } from 'react';
import type { SlideDto } from '#shared/guides';
import { CropRect } from '#shared/slide-tools';
import { Button } from '#web/components/ui/button';
import { Dialog } from '#web/components/ui/dialog';
import { TextField } from '#web/components/ui/form';
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
          screenshotUrl={slide.screenshotUrl ?? undefined}
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
/** The rectangle between two points of the picture, in its whole pixels, inside it. */
function dragRect(from: { x: number; y: number }, to: { x: number; y: number }, size: { width: number; height: number }) {
  const clampX = (v: number) => Math.min(size.width, Math.max(0, Math.round(v)));
  const clampY = (v: number) => Math.min(size.height, Math.max(0, Math.round(v)));
  const x = clampX(Math.min(from.x, to.x));
  const y = clampY(Math.min(from.y, to.y));
  return { x, y, width: clampX(Math.max(from.x, to.x)) - x, height: clampY(Math.max(from.y, to.y)) - y };
}

function CropDialog({
  open,
  size,
  screenshotUrl,
  position,
  onClose,
  onCrop,
}: {
  open: boolean;
  size: { width: number; height: number };
  screenshotUrl: string | undefined;
  position: number;
  onClose: () => void;
  onCrop: (rect: CropRect) => void;
}) {
  const [values, setValues] = useState({ x: '0', y: '0', width: String(size.width), height: String(size.height) });
  // A drag over the picture sets the four numbers; the numbers stay the way to fine-tune (and the keyboard's way).
  const pictureRef = useRef<HTMLDivElement>(null);
  const [dragFrom, setDragFrom] = useState<{ x: number; y: number } | undefined>();
  const pointAt = (event: PointerEvent<HTMLDivElement>) => {
    const bounds = pictureRef.current?.getBoundingClientRect();
    if (!bounds || bounds.width === 0 || bounds.height === 0) return undefined;
    return { x: ((event.clientX - bounds.left) / bounds.width) * size.width, y: ((event.clientY - bounds.top) / bounds.height) * size.height };
  };
  const follow = (from: { x: number; y: number }, event: PointerEvent<HTMLDivElement>) => {
    const to = pointAt(event);
    if (!to) return;
    const rect = dragRect(from, to, size);
    if (rect.width > 0 && rect.height > 0) setValues({ x: String(rect.x), y: String(rect.y), width: String(rect.width), height: String(rect.height) });
  };
  const shown = { x: Number(values.x), y: Number(values.y), width: Number(values.width), height: Number(values.height) };
  const showable = [shown.x, shown.y, shown.width, shown.height].every(Number.isFinite);
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
        {screenshotUrl ? (
          <div
            ref={pictureRef}
            className="crop-form__picture"
            role="img"
            aria-label="Drag over the screenshot to choose the crop; the numbers below follow"
            style={{ aspectRatio: `${size.width} / ${size.height}` }}
            onPointerDown={(event) => {
              if (event.button !== 0) return;
              const at = pointAt(event);
              if (!at) return;
              event.preventDefault();
              event.currentTarget.setPointerCapture(event.pointerId);
              setDragFrom(at);
            }}
            onPointerMove={(event) => dragFrom && follow(dragFrom, event)}
            onPointerUp={(event) => {
              if (dragFrom) follow(dragFrom, event);
              setDragFrom(undefined);
            }}
            onPointerCancel={() => setDragFrom(undefined)}
          >
            <img src={screenshotUrl} alt="" draggable={false} />
            {showable ? (
              <span
                className="crop-form__selection"
                aria-hidden="true"
                style={{
                  left: `${(shown.x / size.width) * 100}%`,
                  top: `${(shown.y / size.height) * 100}%`,
                  width: `${(shown.width / size.width) * 100}%`,
                  height: `${(shown.height / size.height) * 100}%`,
                }}
              />
            ) : null}
          </div>
        ) : null}
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
