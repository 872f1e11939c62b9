import { z } from 'zod';
import { Button } from '#web/components/ui/button';
import { Dialog } from '#web/components/ui/dialog';
import { TextField } from '#web/components/ui/form';
import { useZodForm } from '#web/lib/form';

export interface RenameDialogProps {
  /** the dialog's title, e.g. 'Rename guide' */
  title: string;
  /** the field's label */
  label: string;
  current: string;
  /** the field's rule, from the shared contract (GuideTitle, FolderName) */
  rule: z.ZodType<string>;
  maxLength: number;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** called with a changed name only; the dialog closes at once (the rename is optimistic) */
  onRename: (name: string) => void;
}

/** One rename dialog for guides and folders. */
export function RenameDialog({ title, label, current, rule, maxLength, open, onOpenChange, onRename }: RenameDialogProps) {
  const form = useZodForm(z.object({ name: rule }));

  return (
    <Dialog
      open={open}
      onOpenChange={(next) => {
        if (!next) form.reset();
        onOpenChange(next);
      }}
      size="sm"
      title={title}
      footer={
        <>
          <Button variant="outline" onClick={() => onOpenChange(false)}>
            Cancel
          </Button>
          <Button type="submit" form={form.formId}>
            Rename
          </Button>
        </>
      }
    >
      <form
        id={form.formId}
        className="form"
        noValidate
        onSubmit={form.handleSubmit(({ name }) => {
          onOpenChange(false);
          if (name !== current) onRename(name);
        })}
      >
        <TextField label={label} defaultValue={current} required maxLength={maxLength} autoComplete="off" {...form.field('name')} />
      </form>
    </Dialog>
  );
}
