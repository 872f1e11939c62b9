import { useEffect, useState } from 'react';
import { useNavigate } from 'react-router';
import { z } from 'zod';
import { GuideTitle, type GuideDto } from '#shared/guides';
import { designPath } from '#shared/share/link';
import { Button } from '#web/components/ui/button';
import { Dialog } from '#web/components/ui/dialog';
import { FormMessage, TextField } from '#web/components/ui/form';
import { toast } from '#web/components/ui/toast';
import { isApiError } from '#web/lib/api-error';
import { useZodForm } from '#web/lib/form';
import { useCreateGuide } from '../api/create-guide';
import { useUploadQueue } from '../hooks/use-upload-queue';
import { ScreenshotDropzone, UploadList } from './screenshot-uploader';

const NewGuideForm = z.object({ title: GuideTitle });

export interface NewGuideDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** the folder the guide is created in (a folder's page) */
  folderId?: string | undefined;
  /** the free plan's guides are used up: the caller opens the subscription modal */
  onPlanLimit: () => void;
}

/**
 * "New guide from screenshots": a title and images (dropped or picked); the guide is created,
 * then each image becomes a slide in the order shown, three uploads at a time, each with its
 * progress. A failed upload can be retried alone; when every image is a slide the design view
 * opens.
 */
export function NewGuideDialog(props: NewGuideDialogProps) {
  // A fresh form each time it opens; the closed dialog stays mounted so focus returns to its opener.
  const [run, setRun] = useState(0);
  const [wasOpen, setWasOpen] = useState(props.open);
  if (props.open !== wasOpen) {
    setWasOpen(props.open);
    if (props.open) setRun((n) => n + 1);
  }
  return <NewGuideDialogContent key={run} {...props} />;
}

function NewGuideDialogContent({ open, onOpenChange, folderId, onPlanLimit }: NewGuideDialogProps) {
  const navigate = useNavigate();
  const form = useZodForm(NewGuideForm);
  const [guide, setGuide] = useState<GuideDto | undefined>();
  const [rejected, setRejected] = useState<string[]>([]);
  const [filesError, setFilesError] = useState<string | undefined>();
  const queue = useUploadQueue({ guideId: guide?.id, firstOrder: 0 });
  const { summary } = queue;

  const create = useCreateGuide({
    mutationConfig: {
      onSuccess: (created) => setGuide(created),
      onError: (error) => {
        if (isApiError(error) && error.code === 'plan_limit') {
          toast.info('Your free plan holds 3 guides', { description: 'Start a Pro trial for unlimited guides.' });
          onPlanLimit();
        } else form.showServerError(error);
      },
    },
  });

  const uploading = guide !== undefined && !summary.settled;
  const busy = create.isPending || uploading;

  useEffect(() => {
    if (!guide || !summary.complete) return;
    toast.success('Your guide is ready', { description: `${guide.title}: ${summary.total} ${summary.total === 1 ? 'step' : 'steps'}` });
    void navigate(designPath(guide));
  }, [guide, summary.complete, summary.total, navigate]);

  const addFiles = (files: File[]) => {
    setFilesError(undefined);
    setRejected(queue.addFiles(files));
  };

  const openGuide = () => {
    if (guide) void navigate(designPath(guide));
  };

  let footer;
  if (guide && summary.settled && summary.failed > 0) {
    footer = (
      <>
        <Button variant="outline" onClick={openGuide}>
          Open without the failed {summary.failed === 1 ? 'image' : 'images'}
        </Button>
        <Button onClick={queue.retryFailed}>Retry failed uploads</Button>
      </>
    );
  } else {
    footer = (
      <>
        <Button variant="outline" onClick={() => onOpenChange(false)} disabled={busy}>
          Cancel
        </Button>
        <Button type="submit" form={form.formId} loading={busy}>
          {guide ? 'Adding steps…' : create.isPending ? 'Creating guide…' : 'Create guide'}
        </Button>
      </>
    );
  }

  return (
    <Dialog
      open={open}
      onOpenChange={onOpenChange}
      dismissible={!busy}
      size="lg"
      title="New guide from screenshots"
      description="Upload the screenshots of a flow. Each image becomes a step of the guide, in order; you write the steps and narration next."
      footer={footer}
    >
      <form
        id={form.formId}
        className="form new-guide"
        noValidate
        onSubmit={form.handleSubmit(({ title }) => {
          if (guide) return;
          if (queue.items.length === 0) {
            setFilesError('Add at least one screenshot.');
            return;
          }
          create.mutate({ title, ...(folderId ? { folderId } : {}) });
        })}
      >
        {form.formError ? <FormMessage>{form.formError}</FormMessage> : null}
        <TextField
          label="Title"
          placeholder="How to invite a teammate"
          required
          maxLength={200}
          autoComplete="off"
          readOnly={guide !== undefined}
          {...form.field('title')}
        />
        {guide ? null : <ScreenshotDropzone onFiles={addFiles} />}
        {filesError ? <FormMessage>{filesError}</FormMessage> : null}
        {rejected.length > 0 ? (
          <FormMessage title={rejected.length === 1 ? 'One file was not added' : `${rejected.length} files were not added`}>
            <ul className="rejected-files">
              {rejected.map((reason) => (
                <li key={reason}>{reason}</li>
              ))}
            </ul>
          </FormMessage>
        ) : null}
        <UploadList queue={queue} editable={guide === undefined} />
      </form>
    </Dialog>
  );
}
