import type { ComponentType } from 'react';

/**
 * Exports belong to the exports feature; features do not import each other, so the routes hand
 * its Export menu (design view) and its dialog (a guide card's Export…) to the guides' pages.
 */
export type ExportMenuComponent = ComponentType<{ guide: { id: string; title: string } }>;

export type ExportDialogComponent = ComponentType<{
  guide: { id: string; title: string };
  open: boolean;
  onOpenChange: (open: boolean) => void;
}>;
