import type { ComponentType } from 'react';

/**
 * The embed dialog belongs to the share feature; features do not import each other, so the
 * route hands it to the guides' pages (spec: Instant embed is a Pro feature).
 */
export type EmbedDialogComponent = ComponentType<{
  guide: { id: string; title: string };
  open: boolean;
  onOpenChange: (open: boolean) => void;
}>;
