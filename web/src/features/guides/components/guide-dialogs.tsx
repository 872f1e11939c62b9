import { useId, useState } from 'react';
import { GuideTitle, type FolderDto, type GuideSummaryDto } from '#shared/guides';
import { Button } from '#web/components/ui/button';
import { Dialog } from '#web/components/ui/dialog';
import { toast } from '#web/components/ui/toast';
import { useDeleteGuide } from '../api/delete-guide';
import { useUpdateGuide } from '../api/update-guide';
import { Icons } from '#web/components/icons';
import { RenameDialog } from './rename-dialog';
import './guides-common.css';

interface GuideDialogProps {
  guide: Pick<GuideSummaryDto, 'id' | 'title'>;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}

/** Renames at once (optimistic); the old title comes back if the server refuses. */
export function RenameGuideDialog({ guide, open, onOpenChange }: GuideDialogProps) {
  const update = useUpdateGuide();
  return (
    <RenameDialog
      title="Rename guide"
      label="Title"
      current={guide.title}
      rule={GuideTitle}
      maxLength={200}
      open={open}
      onOpenChange={onOpenChange}
      onRename={(title) => update.mutate({ id: guide.id, data: { title } })}
    />
  );
}

export interface MoveGuideDialogProps extends GuideDialogProps {
  guide: Pick<GuideSummaryDto, 'id' | 'title' | 'folderId'>;
  folders: readonly FolderDto[];
}

/** The keyboard way to file a guide (the pointer way is dropping its card on a folder). */
export function MoveGuideDialog({ guide, folders, open, onOpenChange }: MoveGuideDialogProps) {
  const formId = useId();
  const [choice, setChoice] = useState<string>(guide.folderId ?? '');
  const update = useUpdateGuide();
  const choices = [{ id: '', name: 'No folder' }, ...folders];

  return (
    <Dialog
      open={open}
      onOpenChange={(next) => {
        if (!next) setChoice(guide.folderId ?? '');
        onOpenChange(next);
      }}
      size="sm"
      title="Move guide"
      description={`Choose the folder for “${guide.title}”.`}
      footer={
        <>
          <Button variant="outline" onClick={() => onOpenChange(false)}>
            Cancel
          </Button>
          <Button type="submit" form={formId}>
            Move
          </Button>
        </>
      }
    >
      <form
        id={formId}
        onSubmit={(event) => {
          event.preventDefault();
          onOpenChange(false);
          const folderId = choice || null;
          if (folderId === guide.folderId) return;
          const name = choices.find((folder) => folder.id === choice)?.name ?? 'No folder';
          // Optimistic: said at once; a refusal puts the card back and says so.
          update.mutate({ id: guide.id, data: { folderId } });
          toast.success(folderId ? `Moved to ${name}` : 'Moved out of its folder', { description: guide.title });
        }}
      >
        <fieldset className="choice-list">
          <legend className="visually-hidden">Folder</legend>
          {choices.map((folder) => (
            <label key={folder.id || 'none'} className="choice-list__item">
              <input type="radio" name="folder" value={folder.id} checked={choice === folder.id} onChange={() => setChoice(folder.id)} />
              <span className="choice-list__icon">{folder.id ? Icons.folder : Icons.close}</span>
              <span className="choice-list__label">{folder.name}</span>
              {folder.id === (guide.folderId ?? '') ? <span className="choice-list__note">Current</span> : null}
            </label>
          ))}
        </fieldset>
        {folders.length === 0 ? <p className="dialog-note">No folders yet: create one from the sidebar.</p> : null}
      </form>
    </Dialog>
  );
}

export interface DeleteGuideDialogProps extends GuideDialogProps {
  guide: Pick<GuideSummaryDto, 'id' | 'title' | 'slideCount'>;
  /** after the deletion is sent (the design view leaves for the list) */
  onDeleted?: () => void;
}

export function DeleteGuideDialog({ guide, open, onOpenChange, onDeleted }: DeleteGuideDialogProps) {
  // Told from the hook's own callback: it runs even when the page that asked has gone.
  const remove = useDeleteGuide({ mutationConfig: { onSuccess: () => toast.success('Guide deleted', { description: guide.title }) } });
  const steps = guide.slideCount === 1 ? '1 step' : `${guide.slideCount} steps`;

  return (
    <Dialog
      open={open}
      onOpenChange={onOpenChange}
      size="sm"
      title="Delete this guide?"
      description={`“${guide.title}” and its ${steps} with their screenshots are deleted for good. Its share link and embeds stop working.`}
      footer={
        <>
          <Button variant="outline" onClick={() => onOpenChange(false)}>
            Cancel
          </Button>
          <Button
            variant="danger"
            onClick={() => {
              onOpenChange(false);
              remove.mutate({ id: guide.id });
              onDeleted?.();
            }}
          >
            Delete guide
          </Button>
        </>
      }
    />
  );
}
