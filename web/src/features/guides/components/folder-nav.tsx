import { useId, useRef, useState } from 'react';
import { useMatch, useNavigate } from 'react-router';
import type { FolderDto } from '#shared/guides';
import { NavLink } from '#web/components/ui/link';
import { Menu, MenuItem } from '#web/components/ui/menu';
import { toast } from '#web/components/ui/toast';
import { Tooltip } from '#web/components/ui/tooltip';
import { paths } from '#web/config/paths';
import { useFolders } from '../api/list-folders';
import { useUpdateGuide } from '../api/update-guide';
import { draggedGuide, isGuideDrag } from '../utils/guide-drag';
import { CreateFolderDialog, DeleteFolderDialog, RenameFolderDialog } from './folder-dialogs';
import { Icons } from '#web/components/icons';
import './guides-common.css';
import './folder-nav.css';

interface FolderItemProps {
  folder: FolderDto;
  onAction: (action: 'rename' | 'delete', folder: FolderDto) => void;
  onDropGuide: (guideId: string, title: string, from: string | null, folder: FolderDto) => void;
}

function FolderItem({ folder, onAction, onDropGuide }: FolderItemProps) {
  const [over, setOver] = useState(false);
  const menuRef = useRef<HTMLDivElement>(null);
  const act = (action: 'rename' | 'delete') => {
    menuRef.current?.querySelector<HTMLElement>('[aria-haspopup="menu"]')?.focus();
    onAction(action, folder);
  };

  return (
    <li
      className={['folder-nav__item', over && 'folder-nav__item--drop'].filter(Boolean).join(' ')}
      data-folder-id={folder.id}
      onDragEnter={(event) => {
        if (isGuideDrag(event.dataTransfer)) setOver(true);
      }}
      onDragOver={(event) => {
        if (!isGuideDrag(event.dataTransfer)) return;
        event.preventDefault();
        event.dataTransfer.dropEffect = 'move';
      }}
      onDragLeave={(event) => {
        if (!event.currentTarget.contains(event.relatedTarget as Node | null)) setOver(false);
      }}
      onDrop={(event) => {
        setOver(false);
        const guide = draggedGuide(event.dataTransfer);
        if (!guide) return;
        event.preventDefault();
        onDropGuide(guide.id, guide.title, guide.folderId, folder);
      }}
    >
      <NavLink to={paths.dashboard.folder.getHref(folder.id)} className="folder-nav__link">
        <span className="folder-nav__icon">{Icons.folder}</span>
        <span className="folder-nav__name">{folder.name}</span>
      </NavLink>
      <div ref={menuRef} className="folder-nav__menu">
        <Menu trigger={Icons.more} triggerLabel={`Actions for folder ${folder.name}`} triggerClassName="icon-button icon-button--sm" align="end">
          <MenuItem icon={Icons.edit} onSelect={() => act('rename')}>
            Rename…
          </MenuItem>
          <MenuItem icon={Icons.trash} tone="danger" onSelect={() => act('delete')}>
            Delete…
          </MenuItem>
        </Menu>
      </div>
    </li>
  );
}

/**
 * The folders of the organisation in the app's sidebar: a link to each, create, rename and
 * delete, and a drop target for guide cards (the cards' Move action does the same by keyboard).
 * Loaded without suspending: the sidebar is on every private page and must not wait for it.
 */
export function FolderNav() {
  const headingId = useId();
  const navigate = useNavigate();
  const current = useMatch(paths.dashboard.folder.path)?.params.id;
  const { data: folders, isPending, isError, refetch } = useFolders();
  const move = useUpdateGuide();
  const [creating, setCreating] = useState(false);
  const [dialog, setDialog] = useState<{ kind: 'rename' | 'delete'; folder: FolderDto } | undefined>();
  const [dialogOpen, setDialogOpen] = useState(false);

  const onDropGuide = (guideId: string, title: string, from: string | null, folder: FolderDto) => {
    if (from === folder.id) {
      toast.info(`Already in ${folder.name}`, { description: title });
      return;
    }
    // Optimistic: the card leaves a folder page at once; a refusal puts it back and says so.
    move.mutate({ id: guideId, data: { folderId: folder.id } });
    toast.success(`Moved to ${folder.name}`, { description: title });
  };

  let body;
  if (isPending) {
    body = (
      <p className="folder-nav__note" role="status">
        Loading folders…
      </p>
    );
  } else if (isError) {
    body = (
      <p className="folder-nav__note">
        The folders could not load.{' '}
        <button type="button" className="folder-nav__retry" onClick={() => void refetch()}>
          Retry
        </button>
      </p>
    );
  } else if (folders.length === 0) {
    body = <p className="folder-nav__note">No folders yet. Create one to group guides.</p>;
  } else {
    body = (
      <ul role="list" className="folder-nav__list" aria-labelledby={headingId}>
        {folders.map((folder) => (
          <FolderItem
            key={folder.id}
            folder={folder}
            onDropGuide={onDropGuide}
            onAction={(kind, target) => {
              setDialog({ kind, folder: target });
              setDialogOpen(true);
            }}
          />
        ))}
      </ul>
    );
  }

  return (
    <div className="folder-nav">
      <div className="folder-nav__head">
        <p id={headingId} className="folder-nav__heading">
          Folders
        </p>
        <Tooltip content="New folder">
          <button type="button" className="icon-button icon-button--sm" aria-label="New folder" onClick={() => setCreating(true)}>
            {Icons.plus}
          </button>
        </Tooltip>
      </div>
      {body}
      <CreateFolderDialog open={creating} onOpenChange={setCreating} />
      {dialog?.kind === 'rename' ? <RenameFolderDialog key={dialog.folder.id} folder={dialog.folder} open={dialogOpen} onOpenChange={setDialogOpen} /> : null}
      {dialog?.kind === 'delete' ? (
        <DeleteFolderDialog
          key={dialog.folder.id}
          folder={dialog.folder}
          open={dialogOpen}
          onOpenChange={setDialogOpen}
          onDeleted={() => {
            if (current === dialog.folder.id) void navigate(paths.dashboard.recents.getHref(), { replace: true });
          }}
        />
      ) : null}
    </div>
  );
}
