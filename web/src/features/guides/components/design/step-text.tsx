import { useCallback } from 'react';
import { MAX_NARRATION_LENGTH, MAX_STEP_TEXT_LENGTH, type SlideDto } from '#shared/guides';
import { Badge } from '#web/components/ui/badge';
import { Button } from '#web/components/ui/button';
import { fieldKey } from '../../utils/held-drafts';
import { AutosaveTextarea } from './design-fields';

/**
 * The chosen step's words; each field saves itself (a new step remounts them, saving what was
 * left). Marks say where the words came from: the transcript's guess ("Needs text"), the
 * author's own ("Edited"), and whether the voiceover still says the narration.
 */
export function StepText({
  slide,
  position,
  onSaveField,
  onRegenerate,
}: {
  slide: SlideDto;
  position: number;
  onSaveField: (slideId: string, field: 'text' | 'narration', value: string, base: string) => Promise<void>;
  onRegenerate: (slide: SlideDto) => void;
}) {
  const saveText = useCallback((text: string, base: string) => onSaveField(slide.id, 'text', text, base), [onSaveField, slide.id]);
  const saveNarration = useCallback((narration: string, base: string) => onSaveField(slide.id, 'narration', narration, base), [onSaveField, slide.id]);
  return (
    <div className="step-text">
      <div className="step-text__marks">
        {slide.needsText ? <Badge tone="warning">Needs text</Badge> : null}
        {slide.edited ? <Badge tone="neutral">Edited</Badge> : null}
        {slide.audioStale ? <Badge tone="warning">Narration changed: audio out of date</Badge> : null}
        <Button variant="ghost" size="sm" onClick={() => onRegenerate(slide)}>
          Rewrite step {position} text
        </Button>
      </div>
      <AutosaveTextarea
        label={`Step ${position} text`}
        value={slide.text ?? ''}
        fieldKey={fieldKey('slide', slide.id, 'text')}
        rows={2}
        placeholder="Click **Invite teammate**"
        hint="What to do, in a few words. **Double asterisks** make words bold."
        maxLength={MAX_STEP_TEXT_LENGTH}
        onSave={saveText}
      />
      <AutosaveTextarea
        label="Narration"
        value={slide.narration ?? ''}
        fieldKey={fieldKey('slide', slide.id, 'narration')}
        rows={3}
        placeholder="What the voiceover says on this step."
        maxLength={MAX_NARRATION_LENGTH}
        onSave={saveNarration}
      />
      {slide.audioUrl ? (
        <audio className="step-text__audio" controls preload="none" src={slide.audioUrl} aria-label={`Voiceover of step ${position}`} />
      ) : null}
    </div>
  );
}
