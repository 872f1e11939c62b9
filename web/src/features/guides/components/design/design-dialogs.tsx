import type { GuideDto, SlideDto } from '#shared/guides';
import { Button } from '#web/components/ui/button';
import { Dialog } from '#web/components/ui/dialog';
import type { EmbedDialogComponent } from '../embed-slot';
import { DeleteGuideDialog } from '../guide-dialogs';
import type { PreviewDialogComponent } from '../preview-slot';
import { AddSlidesDialog } from './add-slides-dialog';
import { ShortcutsDialog } from './shortcuts-dialog';

export type DesignDialog = 'add' | 'delete' | 'embed' | 'rewrite' | 'shortcuts' | 'preview';

/** The design view's dialogs, one open at a time. */
export function DesignDialogs({
  dialog,
  open,
  onOpenChange,
  guide,
  editedCount,
  onRewrite,
  onSlideAdded,
  onDeleted,
  EmbedDialog,
  PreviewDialog,
}: {
  dialog: DesignDialog | undefined;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  guide: GuideDto;
  /** how many of the steps a rewrite asks about have text the author edited */
  editedCount: number;
  onRewrite: (overwriteEdited: boolean) => void;
  onSlideAdded: (slide: SlideDto) => void;
  onDeleted: () => void;
  EmbedDialog?: EmbedDialogComponent | undefined;
  PreviewDialog?: PreviewDialogComponent | undefined;
}) {
  switch (dialog) {
    case 'add':
      return <AddSlidesDialog guide={guide} open={open} onOpenChange={onOpenChange} onSlideAdded={onSlideAdded} />;
    case 'delete':
      return <DeleteGuideDialog guide={guide} open={open} onOpenChange={onOpenChange} onDeleted={onDeleted} />;
    case 'rewrite':
      return (
        <Dialog
          open={open}
          onOpenChange={onOpenChange}
          title="Rewrite the step text?"
          description={`${editedCount} ${editedCount === 1 ? 'step has' : 'steps have'} text you edited. The transcript can rewrite them too, or leave your words as they are.`}
          footer={
            <>
              <Button variant="outline" onClick={() => onRewrite(false)}>
                Keep my edits
              </Button>
              <Button onClick={() => onRewrite(true)}>Rewrite everything</Button>
            </>
          }
        />
      );
    case 'shortcuts':
      return <ShortcutsDialog open={open} onOpenChange={onOpenChange} />;
    case 'preview':
      return PreviewDialog ? <PreviewDialog guide={guide} open={open} onOpenChange={onOpenChange} /> : null;
    case 'embed':
      return EmbedDialog ? <EmbedDialog guide={guide} open={open} onOpenChange={onOpenChange} /> : null;
    default:
      return null;
  }
}
