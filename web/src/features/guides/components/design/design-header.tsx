import { useRef } from 'react';
import type { GuideDto, SlideDto } from '#shared/guides';
import { sharePath } from '#shared/share/link';
import { Badge } from '#web/components/ui/badge';
import { Button, buttonClassName } from '#web/components/ui/button';
import { Link } from '#web/components/ui/link';
import { Menu, MenuItem } from '#web/components/ui/menu';
import { useToastsBelow } from '#web/components/ui/toast';
import { Tooltip } from '#web/components/ui/tooltip';
import { Icons } from '#web/components/icons';
import type { useEntitlements } from '#web/lib/plan-queries';
import type { useEditHistory } from '../../hooks/use-edit-history';
import { copyShareLink } from '../../utils/copy-share-link';
import type { ExportMenuComponent } from '../export-slot';
import { SaveStatus } from './design-fields';
import { PresenceNote } from './presence-note';
import { PublishBar } from './publish-bar';

type Viewers = Parameters<typeof PresenceNote>[0]['others'];

/**
 * The design view's header: the way back, the title, saving and presence, publishing, undo and
 * redo, and the guide's actions (preview, add steps, share, export, embed). Toasts appear below it.
 */
export function DesignHeader({
  guide,
  slides,
  back,
  others,
  history,
  plan,
  canPreview,
  ExportMenu,
  onShow,
  onEmbed,
  onLocked,
}: {
  guide: GuideDto;
  slides: readonly SlideDto[];
  back: { href: string; label: string };
  others: Viewers;
  history: ReturnType<typeof useEditHistory>;
  plan: ReturnType<typeof useEntitlements>;
  canPreview: boolean;
  ExportMenu?: ExportMenuComponent | undefined;
  onShow: (dialog: 'add' | 'shortcuts' | 'preview') => void;
  onEmbed: () => void;
  onLocked: () => void;
}) {
  const playerHref = sharePath(guide);
  // Toasts start below the header: never over the publish bar or the export and embed buttons.
  const header = useRef<HTMLElement>(null);
  useToastsBelow(header);
  return (
    <header ref={header} className="design__header">
      <Link to={back.href} className="design__back">
        {Icons.back}
        <span className="design__back-label">{back.label}</span>
      </Link>
      <div className="design__heading">
        <h1 className="design__title">{guide.title}</h1>
        {guide.visibility === 'private' ? <Badge tone="warning">Private</Badge> : null}
      </div>
      <SaveStatus guideId={guide.id} />
      <PresenceNote others={others} slides={slides} />
      <PublishBar guide={guide} onDraftReplaced={history.clear} />
      <div className="design__history" role="group" aria-label="Undo, redo and shortcuts">
        <Tooltip content={history.nextUndo ? `Undo: ${history.nextUndo} (Ctrl+Z)` : 'Nothing to undo'}>
          <button type="button" className="icon-button icon-button--sm" aria-label="Undo" aria-keyshortcuts="Control+Z Meta+Z" aria-disabled={!history.nextUndo} onClick={history.undo}>
            {Icons.undo}
          </button>
        </Tooltip>
        <Tooltip content={history.nextRedo ? `Redo: ${history.nextRedo} (Ctrl+Shift+Z)` : 'Nothing to redo'}>
          <button type="button" className="icon-button icon-button--sm" aria-label="Redo" aria-keyshortcuts="Control+Shift+Z Meta+Shift+Z" aria-disabled={!history.nextRedo} onClick={history.redo}>
            {Icons.redo}
          </button>
        </Tooltip>
        <Tooltip content="Keyboard shortcuts (?)">
          <button type="button" className="icon-button icon-button--sm" aria-label="Keyboard shortcuts" aria-keyshortcuts="?" onClick={() => onShow('shortcuts')}>
            <span aria-hidden="true" className="design__shortcuts-mark">
              ?
            </span>
          </button>
        </Tooltip>
      </div>
      <div className="design__actions">
        {canPreview ? (
          <Button variant="outline" size="sm" icon={Icons.play} onClick={() => onShow('preview')} disabled={slides.length === 0}>
            Preview
          </Button>
        ) : null}
        <Button variant="outline" size="sm" icon={Icons.upload} onClick={() => onShow('add')}>
          Add steps
        </Button>
        <Menu
          trigger={
            <>
              {Icons.share}
              Share
            </>
          }
          triggerClassName={buttonClassName({ variant: 'outline', size: 'sm' })}
          align="end"
        >
          <MenuItem icon={Icons.link} description={guide.status === 'draft' ? 'Works once the guide is published' : undefined} onSelect={() => void copyShareLink(guide)}>
            Copy share link
          </MenuItem>
          <MenuItem icon={Icons.play} description="Opens in a new tab" onSelect={() => window.open(playerHref, '_blank', 'noopener')}>
            Open the player
          </MenuItem>
        </Menu>
        {ExportMenu ? <ExportMenu guide={guide} locked={plan?.exports === false ? { icon: Icons.lock, onSelect: onLocked } : undefined} /> : null}
        <Tooltip content={plan?.embed === false ? 'Embedding is a Pro feature' : 'Embed this guide on a website'}>
          <Button size="sm" icon={plan?.embed === false ? Icons.lock : Icons.embed} onClick={onEmbed}>
            Embed
          </Button>
        </Tooltip>
      </div>
    </header>
  );
}
