import { useEffect, useId, useRef, useState, type ReactNode } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import type { FolderDto } from '#shared/guides';
import { PRODUCT_NAME } from '#shared/product';
import { PageHeader } from '#web/components/layouts/app-layout';
import { Button, buttonClassName } from '#web/components/ui/button';
import { Link } from '#web/components/ui/link';
import { Menu, MenuItem } from '#web/components/ui/menu';
import { env } from '#web/config/env';
import { paths } from '#web/config/paths';
import { useDocumentHead } from '#web/lib/document-head';
import { useFolders } from '../api/list-folders';
import { useOpenSubscription } from '#web/lib/use-open-subscription';
import type { EmbedDialogComponent } from './embed-slot';
import type { UseGuidesHealth } from './design-slots';
import type { ExportDialogComponent } from './export-slot';
import { DeleteFolderDialog, RenameFolderDialog } from './folder-dialogs';
import { GuideList } from './guide-list';
import { Icons } from '#web/components/icons';
import { NewGuideDialog } from './new-guide-dialog';
import './guides-common.css';
import './guides.css';

/** `?new=screenshots` opens "New guide from screenshots" (the welcome page links to it). */
export const NEW_GUIDE_PARAM = 'new';
const SEARCH_DEBOUNCE_MS = 300;

function SearchField({ value, onSearch }: { value: string; onSearch: (q: string) => void }) {
  const id = useId();
  const [text, setText] = useState(value);
  const [seen, setSeen] = useState(value);
  // The URL changed by itself (back, a link): the field follows it.
  if (value !== seen) {
    setSeen(value);
    if (value !== text.trim()) setText(value);
  }

  useEffect(() => {
    if (text.trim() === value) return;
    const timer = setTimeout(() => onSearch(text.trim()), SEARCH_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [text, value, onSearch]);

  return (
    <div className="guide-search" role="search">
      <label htmlFor={id} className="visually-hidden">
        Search guides by title
      </label>
      <span className="guide-search__icon">{Icons.search}</span>
      <input
        id={id}
        type="search"
        className="input guide-search__input"
        placeholder="Search by title"
        value={text}
        maxLength={100}
        autoComplete="off"
        onChange={(event) => setText(event.target.value)}
        onKeyDown={(event) => {
          if (event.key === 'Enter') onSearch(text.trim());
        }}
      />
    </div>
  );
}

function EmptyState({ title, children, actions }: { title: string; children: ReactNode; actions?: ReactNode }) {
  return (
    <section className="empty-state" aria-label={title}>
      <span className="empty-state__art" aria-hidden="true">
        {Icons.image}
      </span>
      <h2 className="empty-state__title">{title}</h2>
      <div className="empty-state__text">{children}</div>
      {actions ? <div className="empty-state__actions">{actions}</div> : null}
    </section>
  );
}

function FolderActions({ folder }: { folder: FolderDto }) {
  const navigate = useNavigate();
  const menuRef = useRef<HTMLDivElement>(null);
  const [dialog, setDialog] = useState<'rename' | 'delete' | undefined>();
  const [open, setOpen] = useState(false);
  const show = (kind: 'rename' | 'delete') => {
    menuRef.current?.querySelector<HTMLElement>('[aria-haspopup="menu"]')?.focus();
    setDialog(kind);
    setOpen(true);
  };
  return (
    <div ref={menuRef}>
      <Menu
        trigger={
          <>
            Folder
            <svg viewBox="0 0 16 16" aria-hidden="true" className="menu-chevron">
              <path d="m4.5 6.5 3.5 3.5 3.5-3.5" fill="none" stroke="currentColor" strokeWidth="1.6" strokeLinecap="round" strokeLinejoin="round" />
            </svg>
          </>
        }
        triggerLabel={`Folder actions for ${folder.name}`}
        triggerClassName={buttonClassName({ variant: 'outline' })}
        align="end"
      >
        <MenuItem icon={Icons.edit} onSelect={() => show('rename')}>
          Rename folder…
        </MenuItem>
        <MenuItem icon={Icons.trash} tone="danger" onSelect={() => show('delete')}>
          Delete folder…
        </MenuItem>
      </Menu>
      {dialog === 'rename' ? <RenameFolderDialog folder={folder} open={open} onOpenChange={setOpen} /> : null}
      {dialog === 'delete' ? (
        <DeleteFolderDialog folder={folder} open={open} onOpenChange={setOpen} onDeleted={() => void navigate(paths.dashboard.recents.getHref(), { replace: true })} />
      ) : null}
    </div>
  );
}

export interface GuidesPageProps {
  /** a folder's page; recents without */
  folderId?: string | undefined;
  EmbedDialog?: EmbedDialogComponent | undefined;
  ExportDialog?: ExportDialogComponent | undefined;
  useGuidesHealth?: UseGuidesHealth | undefined;
}

/**
 * /dashboard/recents and /dashboard/folder/{id}: the organisation's guides (or one folder's)
 * as cards, most recently updated first, a title search kept in the URL (`?q=`), and "New
 * guide from screenshots" (`?new=screenshots`).
 */
export function GuidesPage({ folderId, EmbedDialog, ExportDialog, useGuidesHealth }: GuidesPageProps) {
  const [params, setParams] = useSearchParams();
  const openSubscription = useOpenSubscription();
  const folder = useFolders().data?.find((item) => item.id === folderId);
  const q = params.get('q')?.trim() ?? '';
  const creating = params.get(NEW_GUIDE_PARAM) === 'screenshots';
  const title = folderId ? (folder?.name ?? 'Folder') : 'Recents';
  useDocumentHead({ title: q ? `${title}: “${q}”` : title });

  const setParam = (key: string, value: string | undefined) =>
    setParams(
      (current) => {
        if (value) current.set(key, value);
        else current.delete(key);
        return current;
      },
      { replace: true, preventScrollReset: true },
    );

  const newGuideButton = (variant: 'default' | 'outline' = 'default') => (
    <Button variant={variant} icon={Icons.plus} onClick={() => setParam(NEW_GUIDE_PARAM, 'screenshots')}>
      New guide from screenshots
    </Button>
  );

  return (
    <div className="page guides-page">
      <PageHeader
        title={
          folderId ? (
            <span className="guides-page__title">
              <span className="guides-page__title-icon">{Icons.folder}</span>
              {title}
            </span>
          ) : (
            title
          )
        }
        description={folderId ? 'The guides in this folder, most recently updated first.' : 'Every guide of your organization, most recently updated first.'}
        actions={
          <>
            {folder ? <FolderActions folder={folder} /> : null}
            {newGuideButton()}
          </>
        }
      />
      <div className="guides-page__toolbar">
        <SearchField value={q} onSearch={(next) => setParam('q', next || undefined)} />
      </div>
      <GuideList
        folderId={folderId}
        q={q}
        EmbedDialog={EmbedDialog}
        ExportDialog={ExportDialog}
        useGuidesHealth={useGuidesHealth}
        noMatches={
          <EmptyState title={`No guides match “${q}”`} actions={<Button variant="outline" onClick={() => setParam('q', undefined)}>Clear search</Button>}>
            <p>Search looks at guide titles{folderId ? ' in this folder' : ''}. Try fewer or other words.</p>
          </EmptyState>
        }
        empty={
          folderId ? (
            <EmptyState title="This folder is empty" actions={newGuideButton('outline')}>
              <p>
                Drag a guide card from <Link to={paths.dashboard.recents.getHref()}>Recents</Link> onto this folder in the sidebar, or choose Move to folder in a guide’s
                menu. A guide created here starts in this folder.
              </p>
            </EmptyState>
          ) : (
            <EmptyState
              title="Create your first guide"
              actions={
                <>
                  <a href={env.EXTENSION_STORE_URL} target="_blank" rel="noopener noreferrer" className={buttonClassName()}>
                    Get the extension
                    <span className="visually-hidden"> (opens in a new tab)</span>
                  </a>
                  {newGuideButton('outline')}
                </>
              }
            >
              <p>
                Capture a flow with the {PRODUCT_NAME} browser extension: every click becomes a step with its screenshot. No extension? Upload the screenshots
                of a flow instead.
              </p>
            </EmptyState>
          )
        }
      />
      <NewGuideDialog
        open={creating}
        folderId={folderId}
        onOpenChange={(open) => setParam(NEW_GUIDE_PARAM, open ? 'screenshots' : undefined)}
        onPlanLimit={() => openSubscription([NEW_GUIDE_PARAM])}
      />
    </div>
  );
}
