import { useState } from 'react';
import type { SlideDto } from '#shared/guides';
import { Button } from '#web/components/ui/button';
import { toast } from '#web/components/ui/toast';
import { isApiError } from '#web/lib/api-error';
import { useRedactSlide } from '../../api/redact-slide';
import { suggestionLabel } from './redaction';

/**
 * "Possible personal data" across the guide (issue 27): every box capture suggests covering (a
 * field typed in, a typed value shown again later, an e-mail address, a card or account number, a
 * token), step by step, and one action that blurs them all. Blurring bakes into new pictures and
 * deletes the originals, as "Apply redaction" does, so it is confirmed first.
 */
export function PersonalDataPanel({ guideId, slides, onShowStep, announce }: { guideId: string; slides: readonly SlideDto[]; onShowStep: (slideId: string) => void; announce: (message: string) => void }) {
  const redact = useRedactSlide({ guideId, mutationConfig: { onError: () => undefined } }); // its failure has a toast of its own below
  const [confirming, setConfirming] = useState(false);
  const [running, setRunning] = useState(false);
  const found = slides.flatMap((slide, index) => ((slide.redactionSuggestions ?? []).length > 0 && slide.screenshotKey ? [{ slide, position: index + 1, suggestions: slide.redactionSuggestions ?? [] }] : []));
  const total = found.reduce((sum, item) => sum + item.suggestions.length, 0);

  const blurAll = async () => {
    setRunning(true);
    const done = new Set<string>();
    let areas = 0;
    let steps = 0;
    try {
      for (const { slide, suggestions } of found) {
        // A step that shares its picture with one already blurred was blurred with it.
        if (!slide.screenshotKey || done.has(slide.screenshotKey)) continue;
        await redact.mutateAsync({ guideId, slideId: slide.id, boxes: suggestions.map(({ x, y, width, height }) => ({ x, y, width, height, style: 'blur' as const })) });
        done.add(slide.screenshotKey);
        areas += suggestions.length;
        steps += 1;
      }
      const message = `Blurred ${areas} ${areas === 1 ? 'area' : 'areas'} on ${steps} ${steps === 1 ? 'step' : 'steps'}. The original screenshots are deleted.`;
      announce(message);
      toast.success('Personal data blurred', { description: message });
    } catch (error) {
      toast.error('Not everything was blurred', { description: `${areas} ${areas === 1 ? 'area was' : 'areas were'} blurred before this: ${isApiError(error) ? error.message : 'Something went wrong. Try again.'}` });
    } finally {
      setRunning(false);
      setConfirming(false);
    }
  };

  if (found.length === 0) return <p className="personal-data__none">No possible personal data is left in the screenshots.</p>;
  return (
    <div className="personal-data">
      <p className="personal-data__lead">
        Capture found {total} {total === 1 ? 'place' : 'places'} in the screenshots that may show personal data: what was typed, e-mail addresses, card or account numbers, tokens.
      </p>
      <ul className="personal-data__list" aria-label="Possible personal data by step">
        {found.map(({ slide, position, suggestions }) => (
          <li key={slide.id} className="personal-data__item">
            <Button size="sm" variant="ghost" onClick={() => onShowStep(slide.id)}>
              Step {position}
            </Button>
            <span>{summarise(suggestions.map((s) => suggestionLabel(s.kind)))}</span>
          </li>
        ))}
      </ul>
      {confirming ? (
        <div className="personal-data__confirm" role="group" aria-labelledby="personal-data-confirm">
          <p id="personal-data-confirm">
            Blur {total} {total === 1 ? 'area' : 'areas'} on {found.length} {found.length === 1 ? 'step' : 'steps'}? The original screenshots are deleted: this cannot be undone.
          </p>
          <div className="personal-data__actions">
            <Button size="sm" onClick={() => void blurAll()} loading={running}>
              Blur all
            </Button>
            <Button size="sm" variant="outline" onClick={() => setConfirming(false)} disabled={running}>
              Cancel
            </Button>
          </div>
        </div>
      ) : (
        <Button size="sm" onClick={() => setConfirming(true)}>
          Blur all possible personal data…
        </Button>
      )}
    </div>
  );
}

/** "Typed value ×2, E-mail address". */
function summarise(labels: readonly string[]): string {
  const counts = new Map<string, number>();
  for (const label of labels) counts.set(label, (counts.get(label) ?? 0) + 1);
  return [...counts].map(([label, count]) => (count > 1 ? `${label} ×${count}` : label)).join(', ');
}
