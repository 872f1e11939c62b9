import { useState, type ReactNode } from 'react';
import { EXPORT_FORMATS, EXPORT_FORMAT_LABELS, type ExportFormat } from '#shared/exports';
import { buttonClassName } from '#web/components/ui/button';
import { Menu, MenuItem } from '#web/components/ui/menu';
import { ExportDialog } from './export-dialog';

/** What a locked format says: exports are Pro, and choosing one offers the trial (as the embed does). */
export const EXPORT_LOCKED_HINT = 'A Pro feature: start a trial';

/**
 * The design view's Export menu: each format opens the export dialog with it chosen. On the free
 * plan (`locked`) each format shows the lock and opens the trial: the server refuses it (402).
 */
export function ExportMenu({ guide, locked }: { guide: { id: string; title: string }; locked?: { icon: ReactNode; onSelect: () => void } | undefined }) {
  const [open, setOpen] = useState(false);
  // Mounted from the first opening on, so that closing it returns the focus to the menu.
  const [shown, setShown] = useState(false);
  const [format, setFormat] = useState<ExportFormat>('mp4');
  const show = (value: ExportFormat) => {
    setFormat(value);
    setShown(true);
    setOpen(true);
  };
  return (
    <>
      <Menu trigger="Export" triggerClassName={buttonClassName({ variant: 'outline', size: 'sm' })} align="end">
        {EXPORT_FORMATS.map((value) => (
          <MenuItem key={value} icon={locked?.icon} description={locked ? EXPORT_LOCKED_HINT : undefined} onSelect={() => (locked ? locked.onSelect() : show(value))}>
            {`${EXPORT_FORMAT_LABELS[value]}…`}
          </MenuItem>
        ))}
      </Menu>
      {shown ? <ExportDialog key={format} guide={guide} format={format} open={open} onOpenChange={setOpen} /> : null}
    </>
  );
}
