import { AppError } from '#shared/errors';
import { mayDeleteContent } from '#shared/permissions';

/** Who acts: the caller's membership of the organisation (its role decides what they may delete). */
export interface Actor {
  orgId: string;
  userId: string;
  role: string;
}

/** Guides and folders are deleted by their creator, an admin or an owner only. */
export function requireDeleteRight(actor: Actor, item: { createdBy: string }, what: 'guide' | 'folder'): void {
  if (!mayDeleteContent(actor, item)) {
    throw new AppError('forbidden', `Only the ${what}'s creator, an admin or an owner can delete it.`);
  }
}
