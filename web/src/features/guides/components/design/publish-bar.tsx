import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import type { GuideDto } from '#shared/guides';
import { NO_STEPS_TO_PUBLISH, canPublishSteps, publishState } from '#shared/versions';
import { Badge } from '#web/components/ui/badge';
import { Button } from '#web/components/ui/button';
import { Dialog } from '#web/components/ui/dialog';
import { toast } from '#web/components/ui/toast';
import { guideQueryKeys } from '../../api/guide-schemas';
import { VERSION_ACTION, discardDraft, publishGuide, restoreVersion, useVersionAction, useVersions } from '../../api/versions';
import { formatRelativeTime } from '#web/lib/relative-time';
import './publish-bar.css';

/**
 * Drafts and versions in the design view's header: what viewers see now ("Published · v3",
 * "Unpublished changes"), "Publish changes", "Discard draft" (confirmed) and the version list
 * with "Restore" (an older version becomes the draft; viewers see it only once published).
 * An edit saved since the page last heard from the server counts as an unpublished change. The
 * outcome of each action is announced by its toast (a live region).
 */
export function PublishBar({ guide, onDraftReplaced }: { guide: GuideDto; /** a discard or a restore replaced the draft: its undo steps no longer apply */ onDraftReplaced: () => void }) {
  const guideId = guide.id;
  const queryClient = useQueryClient();
  const [editedSince, setEditedSince] = useState(false);
  const [dialog, setDialog] = useState<'versions' | 'discard' | null>(null);
  const [confirmRestore, setConfirmRestore] = useState<number | null>(null);

  useEffect(
    () =>
      queryClient.getMutationCache().subscribe((event) => {
        const { mutation } = event;
        if (event.type !== 'updated' || mutation?.state.status !== 'success') return;
        if (JSON.stringify(mutation.options.mutationKey) !== JSON.stringify(guideQueryKeys.save(guideId))) return;
        if (mutation.options.meta?.versionAction === VERSION_ACTION.versionAction) return;
        setEditedSince(true);
      }),
    [queryClient, guideId],
  );

  const done = (message: string) => (fresh: GuideDto) => {
    setEditedSince(false);
    setDialog(null);
    setConfirmRestore(null);
    toast.success(message.replace('{v}', String(fresh.publishedVersion ?? '')));
  };
  const publish = useVersionAction(guideId, publishGuide, done('Published as version {v}. The share link shows it now.'));
  const discard = useVersionAction(guideId, discardDraft, (fresh) => {
    onDraftReplaced();
    done('Draft discarded: the editor shows version {v} again.')(fresh);
  });
  const restore = useVersionAction(guideId, restoreVersion, (fresh) => {
    const version = confirmRestore;
    onDraftReplaced();
    done(`Version ${version} restored as your draft. Publish changes to show it to viewers.`)(fresh);
  });
  const pending = publish.isPending || discard.isPending || restore.isPending;

  const hasChanges = guide.hasUnpublishedChanges || (editedSince && guide.publishedVersion !== null);
  const state = publishState({ status: guide.status, publishedVersion: guide.publishedVersion, hasUnpublishedChanges: hasChanges });
  const versioned = guide.publishedVersion !== null;
  // Said before the click: the server refuses a guide without steps (409) all the same.
  const hasSteps = canPublishSteps(guide.slides.length);
  const canPublish = hasSteps && (!versioned || hasChanges || guide.status !== 'published');
  const versions = useVersions(guideId, dialog === 'versions');

  return (
    <div className="publish-bar" role="group" aria-label="Publishing">
      <Badge tone={hasChanges || guide.status !== 'published' ? 'warning' : 'success'}>
        <span data-testid="publish-state">{state}</span>
      </Badge>
      <Button size="sm" onClick={() => publish.mutate({ guideId })} disabled={pending || !canPublish} aria-describedby={`publish-hint-${guideId}`}>
        {versioned ? 'Publish changes' : 'Publish'}
      </Button>
      {hasSteps ? (
        <span id={`publish-hint-${guideId}`} className="visually-hidden">
          {canPublish ? 'Viewers of the share link, the embed and exports see the draft once it is published.' : 'Nothing new to publish.'}
        </span>
      ) : (
        <span id={`publish-hint-${guideId}`} className="publish-bar__hint">
          {NO_STEPS_TO_PUBLISH}
        </span>
      )}
      {versioned && hasChanges ? (
        <Button size="sm" variant="ghost" onClick={() => setDialog('discard')} disabled={pending}>
          Discard draft
        </Button>
      ) : null}
      {versioned ? (
        <Button size="sm" variant="ghost" onClick={() => setDialog('versions')}>
          Versions
        </Button>
      ) : null}

      <Dialog
        open={dialog === 'discard'}
        onOpenChange={(open) => setDialog(open ? 'discard' : null)}
        dismissible={!discard.isPending}
        size="sm"
        title="Discard your draft?"
        description={`Every change since version ${guide.publishedVersion} was published goes, and the editor shows that version again. Viewers see no change.`}
        footer={
          <>
            <Button variant="ghost" onClick={() => setDialog(null)} disabled={discard.isPending}>
              Keep editing
            </Button>
            <Button variant="danger" onClick={() => discard.mutate({ guideId })} disabled={discard.isPending}>
              Discard draft
            </Button>
          </>
        }
      />

      <Dialog
        open={dialog === 'versions'}
        onOpenChange={(open) => {
          setDialog(open ? 'versions' : null);
          setConfirmRestore(null);
        }}
        dismissible={!restore.isPending}
        title="Versions"
        description="Each time the guide was published. Restoring one makes it your draft; viewers see it once you publish."
      >
        {versions.isPending ? <p role="status">Loading versions…</p> : null}
        {versions.isError ? <p role="alert">The versions could not be loaded. Close this and try again.</p> : null}
        {versions.data ? (
          <ol className="versions-list" aria-label="Published versions, newest first">
            {versions.data.items.map((version) => (
              <li key={version.version} className="versions-list__item">
                <div className="versions-list__text">
                  <span className="versions-list__name">
                    Version {version.version}
                    {version.current ? <Badge tone="success">Live</Badge> : null}
                  </span>
                  <span className="versions-list__meta">
                    Published by {version.publishedBy.name} <time dateTime={version.publishedAt}>{formatRelativeTime(version.publishedAt)}</time> · {version.slideCount}{' '}
                    {version.slideCount === 1 ? 'step' : 'steps'}
                  </span>
                </div>
                {confirmRestore === version.version ? (
                  <div className="versions-list__confirm" role="group" aria-label={`Restore version ${version.version}?`}>
                    <span>Replace your draft?</span>
                    <Button size="sm" variant="danger" onClick={() => restore.mutate({ guideId, version: version.version })} disabled={restore.isPending} autoFocus>
                      Restore version {version.version}
                    </Button>
                    <Button size="sm" variant="ghost" onClick={() => setConfirmRestore(null)} disabled={restore.isPending}>
                      Cancel
                    </Button>
                  </div>
                ) : (
                  <Button size="sm" variant="outline" onClick={() => setConfirmRestore(version.version)} aria-label={`Restore version ${version.version} as the draft`}>
                    Restore
                  </Button>
                )}
              </li>
            ))}
          </ol>
        ) : null}
      </Dialog>
    </div>
  );
}
