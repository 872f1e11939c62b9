import { useId, useRef, useState } from 'react';
import type { GuideStats } from '#shared/analytics/contracts';
import type { GuideHealth } from '#shared/drift';
import type { GuideSummaryDto } from '#shared/guides';
import { designPath } from '#shared/share/link';
import { Badge } from '#web/components/ui/badge';
import { Link } from '#web/components/ui/link';
import { Menu, MenuItem, MenuLink, MenuSeparator } from '#web/components/ui/menu';
import { paths } from '#web/config/paths';
import { formatDateTime } from '#web/lib/format';
import { setDraggedGuide } from '../utils/guide-drag';
import { formatRelativeTime } from '#web/lib/relative-time';
import { Icons } from '#web/components/icons';

/**
 * A duplicate's title with its "(copy)" kept in view: the rest of the title is clamped to two
 * lines, the mark after it never is (a long title used to hide it).
 */
function TitleWithCopyMark({ title }: { title: string }) {
  const mark = / \(copy\)$/.exec(title);
  if (!mark) return <span className="guide-card__title-text">{title}</span>;
  return (
    <>
      <span className="guide-card__title-text">{title.slice(0, mark.index)}</span>
      <span className="guide-card__copy-mark">{mark[0]}</span>
    </>
  );
}

export type GuideAction = 'rename' | 'move' | 'duplicate' | 'copy-link' | 'embed' | 'export' | 'delete';

export interface GuideCardProps {
  guide: GuideSummaryDto;
  /** the name of the guide's folder, shown on recents (a folder's page leaves it out) */
  folderName?: string | undefined;
  /** `false` locks the embed action behind Pro; `undefined` while the plan loads */
  canEmbed: boolean | undefined;
  /** `false` locks Export… behind Pro, as `canEmbed` does Embed… */
  canExport?: boolean | undefined;
  onAction: (action: GuideAction, guide: GuideSummaryDto) => void;
  /** eager-load the first row's thumbnails */
  priority?: boolean;
  /** all-time views and completion, on a plan with analytics */
  stats?: GuideStats | undefined;
  /** what the latest drift check found; undefined when never checked */
  health?: GuideHealth | undefined;
}

const HEALTH_BADGES: Record<GuideHealth, { tone: 'success' | 'warning' | 'danger'; label: string }> = {
  fresh: { tone: 'success', label: 'Up to date' },
  drifted: { tone: 'warning', label: 'Drifted' },
  broken: { tone: 'danger', label: 'Broken' },
};

const stepCount = (count: number) => (count === 1 ? '1 step' : `${count} steps`);
const viewCount = (count: number) => (count === 1 ? '1 view' : `${count.toLocaleString('en')} views`);

/**
 * A guide in a list: its first screenshot, title (the link to the design view, stretched over
 * the card), step count, last update, draft or published, views and completion, and folder. Drag it onto a folder in
 * the sidebar; its menu holds every action, Move included for the keyboard.
 */
export function GuideCard({ guide, folderName, canEmbed, canExport, onAction, priority = false, stats, health }: GuideCardProps) {
  const titleId = useId();
  const menuRef = useRef<HTMLDivElement>(null);
  const [dragging, setDragging] = useState(false);

  // Chosen items leave with their menu: focus goes back to its button first, so that a dialog
  // opened from the item hands focus back to the card when it closes.
  const act = (action: GuideAction) => {
    menuRef.current?.querySelector<HTMLElement>('[aria-haspopup="menu"]')?.focus();
    onAction(action, guide);
  };

  return (
    <article
      className={['guide-card', dragging && 'guide-card--dragging'].filter(Boolean).join(' ')}
      aria-labelledby={titleId}
      draggable
      onDragStart={(event) => {
        setDraggedGuide(event.dataTransfer, guide);
        setDragging(true);
      }}
      onDragEnd={() => setDragging(false)}
    >
      <div className="guide-card__thumb">
        {guide.thumbnailUrl ? (
          <img
            src={guide.thumbnailUrl}
            alt=""
            width={320}
            height={200}
            loading={priority ? 'eager' : 'lazy'}
            decoding="async"
            draggable={false}
          />
        ) : (
          <div className="guide-card__placeholder">
            {Icons.image}
            <span>No screenshots yet</span>
          </div>
        )}
        <span className="guide-card__badges">
          {guide.visibility === 'private' ? <Badge tone="warning">Private</Badge> : null}
          <Badge tone={guide.status === 'published' ? 'success' : 'neutral'}>{guide.status === 'published' ? 'Published' : 'Draft'}</Badge>
          {health ? (
            <Badge tone={HEALTH_BADGES[health].tone}>
              <span className="visually-hidden">App check: </span>
              {HEALTH_BADGES[health].label}
            </Badge>
          ) : null}
        </span>
      </div>
      <div className="guide-card__body">
        <h2 id={titleId} className="guide-card__title">
          <Link to={designPath(guide)} className="guide-card__link" draggable={false}>
            <TitleWithCopyMark title={guide.title} />
          </Link>
        </h2>
        <p className="guide-card__meta">
          <span>{stepCount(guide.slideCount)}</span>
          <span aria-hidden="true">·</span>
          <time dateTime={guide.updatedAt} title={formatDateTime(guide.updatedAt)}>
            <span className="visually-hidden">Updated </span>
            {formatRelativeTime(guide.updatedAt)}
          </time>
        </p>
        {stats ? (
          <p className="guide-card__stats">
            <span>{viewCount(stats.views)}</span>
            <span aria-hidden="true">·</span>
            <span>{Math.round(stats.completionRate * 100)}% completed</span>
          </p>
        ) : null}
        {folderName ? (
          <p className="guide-card__folder">
            {Icons.folder}
            <span className="visually-hidden">Folder: </span>
            {folderName}
          </p>
        ) : null}
      </div>
      <div ref={menuRef} className="guide-card__menu">
        <Menu trigger={Icons.more} triggerLabel={`Actions for ${guide.title}`} triggerClassName="icon-button icon-button--card" align="end" className="guide-card__menu-panel">
          <MenuLink to={designPath(guide)} icon={Icons.open}>
            Open in editor
          </MenuLink>
          <MenuItem icon={Icons.edit} onSelect={() => act('rename')}>
            Rename…
          </MenuItem>
          <MenuItem icon={Icons.move} onSelect={() => act('move')}>
            Move to folder…
          </MenuItem>
          <MenuItem icon={Icons.duplicate} onSelect={() => act('duplicate')}>
            Duplicate
          </MenuItem>
          <MenuSeparator />
          <MenuItem icon={Icons.link} onSelect={() => act('copy-link')}>
            Copy share link
          </MenuItem>
          <MenuItem
            icon={canEmbed === false ? Icons.lock : Icons.embed}
            description={canEmbed === false ? 'A Pro feature: start a trial' : undefined}
            onSelect={() => act('embed')}
          >
            Embed…
          </MenuItem>
          <MenuItem
            icon={canExport === false ? Icons.lock : Icons.upload}
            description={canExport === false ? 'A Pro feature: start a trial' : undefined}
            onSelect={() => act('export')}
          >
            Export…
          </MenuItem>
          <MenuLink to={paths.dashboard.guideAnalytics.getHref(guide.id)} icon={Icons.chart}>
            Analytics
          </MenuLink>
          <MenuSeparator />
          <MenuItem icon={Icons.trash} tone="danger" onSelect={() => act('delete')}>
            Delete…
          </MenuItem>
        </Menu>
      </div>
    </article>
  );
}
