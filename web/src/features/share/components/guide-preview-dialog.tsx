import { useMemo } from 'react';
import type { GuideDto } from '#shared/guides';
import { Dialog } from '#web/components/ui/dialog';
import { previewGuide } from '../utils/preview-guide';
import { GuidePlayer, isPlayable } from './guide-player';
import { stepCount, stepWords } from './player-parts';

/**
 * The whole guide played inside the editor by the share page's own player, voiceover included,
 * from the editor's copy (unsaved nothing: every edit is saved as it is made). Escape closes it
 * and focus goes back to the button that opened it.
 */
export function GuidePreviewDialog({ guide, open, onOpenChange }: { guide: GuideDto; open: boolean; onOpenChange: (open: boolean) => void }) {
  const shared = useMemo(() => previewGuide(guide), [guide]);
  return (
    <Dialog open={open} onOpenChange={onOpenChange} title={`Preview: ${guide.title}`} description="As viewers will see it, with the voiceover." size="lg" className="guide-preview">
      {open && isPlayable(shared) ? (
        <GuidePlayer
          guide={shared}
          autoplay
          barText={stepCount}
          belowBar={stepWords}
        />
      ) : open ? (
        <p>This guide has no steps yet.</p>
      ) : null}
    </Dialog>
  );
}
