import type { ComponentType } from 'react';
import type { GuideDto } from '#shared/guides';

/**
 * The preview plays the guide with the share feature's player; features do not import each
 * other, so the route hands it to the design view.
 */
export type PreviewDialogComponent = ComponentType<{
  guide: GuideDto;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}>;
