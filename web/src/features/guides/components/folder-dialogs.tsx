import { z } from 'zod';
import { FolderName, type FolderDto } from '#shared/guides';
import { Button } from '#web/components/ui/button';
import { Dialog } from '#web/components/ui/dialog';
import { FormMessage, TextField } from '#web/components/ui/form';
import { toast } from '#web/components/ui/toast';
import { useZodForm } from '#web/lib/form';
import { useCreateFolder } from '../api/create-folder';
import { useDeleteFolder } from '../api/delete-folder';
import { useRenameFolder } from '../api/rename-folder';
import { RenameDialog } from './rename-dialog';

const NameForm = z.object({ name: FolderName });

export interface CreateFolderDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  onCreated?: (folder: FolderDto) => void;
}

export function CreateFolderDialog({ open, onOpenChange, onCreated }: CreateFolderDialogProps) {
  const form = useZodForm(NameForm);
  const create = useCreateFolder({
    mutationConfig: {
      onSuccess: (folder) => {
        close(false);
        toast.success(`Folder ${folder.name} created`, { description: 'Drop guides on it, or use a guide’s Move action.' });
        onCreated?.(folder);
      },
      onError: (error) => form.showServerError(error),
    },
  });

  function close(next: boolean) {
    onOpenChange(next);
    if (!next) {
      form.reset();
      create.reset();
    }
  }

  return (
    <Dialog
      open={open}
      onOpenChange={close}
      dismissible={!create.isPending}
      size="sm"
      title="New folder"
      description="Folders group the guides of your organization."
      footer={
        <>
          <Button variant="outline" onClick={() => close(false)} disabled={create.isPending}>
            Cancel
          </Button>
          <Button type="submit" form={form.formId} loading={create.isPending}>
            Create folder
          </Button>
        </>
      }
    >
      <form id={form.formId} className="form" noValidate onSubmit={form.handleSubmit((values) => create.mutate(values))}>
        {form.formError ? <FormMessage>{form.formError}</FormMessage> : null}
        <TextField label="Folder name" required maxLength={100} autoComplete="off" {...form.field('name')} />
      </form>
    </Dialog>
  );
}

export interface FolderDialogProps {
  folder: FolderDto;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}

/** Renames at once (optimistic); the old name comes back if the server refuses. */
export function RenameFolderDialog({ folder, open, onOpenChange }: FolderDialogProps) {
  const rename = useRenameFolder();
  return (
    <RenameDialog
      title="Rename folder"
      label="Folder name"
      current={folder.name}
      rule={FolderName}
      maxLength={100}
      open={open}
      onOpenChange={onOpenChange}
      onRename={(name) => rename.mutate({ id: folder.id, name })}
    />
  );
}

export interface DeleteFolderDialogProps extends FolderDialogProps {
  /** after the deletion is sent (a page showing the folder leaves it) */
  onDeleted?: () => void;
}

export function DeleteFolderDialog({ folder, open, onOpenChange, onDeleted }: DeleteFolderDialogProps) {
  const remove = useDeleteFolder({ mutationConfig: { onSuccess: () => toast.success(`Folder ${folder.name} deleted`) } });

  return (
    <Dialog
      open={open}
      onOpenChange={onOpenChange}
      size="sm"
      title={`Delete folder ${folder.name}?`}
      description="The folder is deleted; its guides move to no folder and stay in Recents. No guide is deleted."
      footer={
        <>
          <Button variant="outline" onClick={() => onOpenChange(false)}>
            Cancel
          </Button>
          <Button
            variant="danger"
            onClick={() => {
              onOpenChange(false);
              remove.mutate({ id: folder.id });
              onDeleted?.();
            }}
          >
            Delete folder
          </Button>
        </>
      }
    />
  );
}
