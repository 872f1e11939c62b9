import { useEffect, useState } from 'react';
import type { GuideDto, SlideDto } from '#shared/guides';
import { Button } from '#web/components/ui/button';
import { Dialog } from '#web/components/ui/dialog';
import { FormMessage } from '#web/components/ui/form';
import { toast } from '#web/components/ui/toast';
import { useUploadQueue } from '../../hooks/use-upload-queue';
import { ScreenshotDropzone, UploadList } from '../screenshot-uploader';

export interface AddSlidesDialogProps {
  guide: Pick<GuideDto, 'id' | 'slides'>;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** each step as it is added */
  onSlideAdded?: ((slide: SlideDto) => void) | undefined;
}

/** Images become steps after the guide's last one, in the order shown (the same upload as a new guide). */
export function AddSlidesDialog(props: AddSlidesDialogProps) {
  // A fresh queue each time it opens; the closed dialog stays mounted so focus returns to its opener.
  const [run, setRun] = useState(0);
  const [wasOpen, setWasOpen] = useState(props.open);
  if (props.open !== wasOpen) {
    setWasOpen(props.open);
    if (props.open) setRun((n) => n + 1);
  }
  return <AddSlidesDialogContent key={run} {...props} />;
}

function AddSlidesDialogContent({ guide, open, onOpenChange, onSlideAdded }: AddSlidesDialogProps) {
  const [firstOrder] = useState(() => (guide.slides.at(-1)?.order ?? -1) + 1);
  const [started, setStarted] = useState(false);
  const [rejected, setRejected] = useState<string[]>([]);
  const queue = useUploadQueue({ guideId: started ? guide.id : undefined, firstOrder, onSlideAdded });
  const { summary } = queue;
  const uploading = started && !summary.settled;

  useEffect(() => {
    if (!started || !summary.complete) return;
    toast.success(summary.total === 1 ? 'Step added' : `${summary.total} steps added`);
    onOpenChange(false);
  }, [started, summary.complete, summary.total, onOpenChange]);

  const count = queue.items.length;

  return (
    <Dialog
      open={open}
      onOpenChange={onOpenChange}
      dismissible={!uploading}
      size="lg"
      title="Add steps from images"
      description="Each image becomes a step after the last one, in the order shown."
      footer={
        started && summary.settled && summary.failed > 0 ? (
          <>
            <Button variant="outline" onClick={() => onOpenChange(false)}>
              Close
            </Button>
            <Button onClick={queue.retryFailed}>Retry failed uploads</Button>
          </>
        ) : (
          <>
            <Button variant="outline" onClick={() => onOpenChange(false)} disabled={uploading}>
              Cancel
            </Button>
            <Button loading={uploading} disabled={count === 0} onClick={() => setStarted(true)}>
              {uploading ? 'Adding steps…' : count > 1 ? `Add ${count} steps` : 'Add step'}
            </Button>
          </>
        )
      }
    >
      <div className="form">
        {started ? null : <ScreenshotDropzone onFiles={(files) => setRejected(queue.addFiles(files))} hint="PNG, JPEG or WebP, up to 10 MB each." />}
        {rejected.length > 0 ? (
          <FormMessage title={rejected.length === 1 ? 'One file was not added' : `${rejected.length} files were not added`}>
            <ul className="rejected-files">
              {rejected.map((reason) => (
                <li key={reason}>{reason}</li>
              ))}
            </ul>
          </FormMessage>
        ) : null}
        <UploadList queue={queue} editable={!started} />
      </div>
    </Dialog>
  );
}
