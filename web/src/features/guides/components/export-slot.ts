import type { ComponentType, ReactNode } from 'react';

/**
 * Exports belong to the exports feature; features do not import each other, so the routes hand
 * its Export menu (design view) and its dialog (a guide card's Export…) to the guides' pages.
 */
export type ExportMenuComponent = ComponentType<{
  guide: { id: string; title: string };
  /** on the free plan: each format shows this lock and opens the trial instead of the dialog */
  locked?: { icon: ReactNode; onSelect: () => void } | undefined;
}>;

export type ExportDialogComponent = ComponentType<{
  guide: { id: string; title: string };
  open: boolean;
  onOpenChange: (open: boolean) => void;
}>;
