import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState, type ReactNode } from 'react';
import { useNavigate } from 'react-router';
import { designPath } from '#shared/share/link';
import type { GuideSummaryDto } from '#shared/guides';
import { Button } from '#web/components/ui/button';
import { toast } from '#web/components/ui/toast';
import { isApiError } from '#web/lib/api-error';
import { useDuplicateGuide } from '../api/duplicate-guide';
import { useGuideStats } from '../api/get-guide-stats';
import { getEntitlementsQueryOptions, useEntitlements } from '#web/lib/plan-queries';
import { useGuides } from '../api/list-guides';
import { useFolders } from '../api/list-folders';
import { useOpenSubscription } from '#web/lib/use-open-subscription';
import { copyShareLink } from '../utils/copy-share-link';
import type { UseGuidesHealth } from './design-slots';
import type { EmbedDialogComponent } from './embed-slot';
import type { ExportDialogComponent } from './export-slot';
import { GuideCard, type GuideAction } from './guide-card';
import { DeleteGuideDialog, MoveGuideDialog, RenameGuideDialog } from './guide-dialogs';

type DialogKind = 'rename' | 'move' | 'delete' | 'embed' | 'export';

export interface GuideListProps {
  folderId?: string | undefined;
  q: string;
  /** what to show when there is no guide at all (the page knows what to suggest) */
  empty: ReactNode;
  /** what to show when a search finds nothing */
  noMatches: ReactNode;
  EmbedDialog?: EmbedDialogComponent | undefined;
  ExportDialog?: ExportDialogComponent | undefined;
  /** the drift feature's health of each guide, for the cards' badges (none without it) */
  useGuidesHealth?: UseGuidesHealth | undefined;
}

const NO_HEALTH: ReturnType<UseGuidesHealth> = new Map();
const useNoHealth: UseGuidesHealth = () => NO_HEALTH;

/**
 * The guide cards of recents or of a folder, most recently updated first, one page at a time:
 * the next page loads as the end of the list scrolls into view, or with 'Load more'.
 */
export function GuideList({ folderId, q, empty, noMatches, EmbedDialog, ExportDialog, useGuidesHealth = useNoHealth }: GuideListProps) {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const { data, hasNextPage, fetchNextPage, isFetchingNextPage } = useGuides({ folderId, q });
  const folders = useFolders().data ?? [];
  const plan = useEntitlements();
  const openSubscription = useOpenSubscription();
  const [dialog, setDialog] = useState<{ kind: DialogKind; guide: GuideSummaryDto } | undefined>();
  const [dialogOpen, setDialogOpen] = useState(false);
  const sentinel = useRef<HTMLDivElement>(null);

  const guides = data.pages.flatMap((page) => page.items);
  const stats = useGuideStats(data.pages.map((page) => page.items));
  const health = useGuidesHealth(data.pages.map((page) => page.items));
  const folderNames = new Map(folders.map((folder) => [folder.id, folder.name]));

  const duplicate = useDuplicateGuide({
    mutationConfig: {
      onSuccess: (copy) =>
        toast.success('Guide duplicated', {
          description: copy.title,
          action: { label: 'Open', onClick: () => void navigate(designPath(copy)) },
        }),
      onError: (error) => {
        if (isApiError(error) && error.code === 'plan_limit') {
          toast.info('Your free plan holds 3 guides', { description: 'Start a Pro trial for unlimited guides.' });
          openSubscription();
        } else toast.error('Something went wrong');
      },
    },
  });

  useEffect(() => {
    const element = sentinel.current;
    if (!element || !hasNextPage || typeof IntersectionObserver === 'undefined') return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting) && !isFetchingNextPage) void fetchNextPage();
      },
      { rootMargin: '600px 0px' },
    );
    observer.observe(element);
    return () => observer.disconnect();
  }, [hasNextPage, isFetchingNextPage, fetchNextPage]);

  const show = (kind: DialogKind, guide: GuideSummaryDto) => {
    setDialog({ kind, guide });
    setDialogOpen(true);
  };

  const onAction = async (action: GuideAction, guide: GuideSummaryDto) => {
    switch (action) {
      case 'rename':
      case 'move':
      case 'delete':
        return show(action, guide);
      case 'duplicate':
        return duplicate.mutate({ id: guide.id });
      case 'copy-link':
        return copyShareLink(guide);
      case 'export': {
        // Exports are Pro, as embeds are: the free plan is offered the trial.
        const canExport = plan?.exports ?? (await queryClient.fetchQuery(getEntitlementsQueryOptions())).exports;
        if (canExport && ExportDialog) show('export', guide);
        else if (!canExport) openSubscription();
        return;
      }
      case 'embed': {
        // The plan may still be loading: ask for it rather than guess.
        const canEmbed = plan?.embed ?? (await queryClient.fetchQuery(getEntitlementsQueryOptions())).embed;
        if (canEmbed && EmbedDialog) show('embed', guide);
        else if (!canEmbed) openSubscription();
        return;
      }
    }
  };

  if (guides.length === 0) return <>{q ? noMatches : empty}</>;

  return (
    <>
      <ul role="list" className="guide-grid" aria-label={q ? `Guides matching ${q}` : 'Guides'}>
        {guides.map((guide, index) => (
          <li key={guide.id}>
            <GuideCard
              guide={guide}
              folderName={folderId ? undefined : (folderNames.get(guide.folderId ?? '') ?? undefined)}
              canEmbed={plan?.embed}
              canExport={plan?.exports}
              stats={stats.get(guide.id)}
              health={health.get(guide.id)}
              onAction={(action, target) => void onAction(action, target)}
              priority={index < 4}
            />
          </li>
        ))}
      </ul>
      <div ref={sentinel} className="guide-grid__end">
        {hasNextPage ? (
          <Button variant="outline" loading={isFetchingNextPage} onClick={() => void fetchNextPage()}>
            {isFetchingNextPage ? 'Loading more guides…' : 'Load more guides'}
          </Button>
        ) : guides.length > 8 ? (
          <p className="guide-grid__done">That’s every guide{q ? ' matching your search' : ''}.</p>
        ) : null}
      </div>
      <p role="status" className="visually-hidden">
        {isFetchingNextPage ? 'Loading more guides…' : `${guides.length} ${guides.length === 1 ? 'guide' : 'guides'} shown`}
      </p>
      {dialog?.kind === 'rename' ? <RenameGuideDialog key={dialog.guide.id} guide={dialog.guide} open={dialogOpen} onOpenChange={setDialogOpen} /> : null}
      {dialog?.kind === 'move' ? <MoveGuideDialog key={dialog.guide.id} guide={dialog.guide} folders={folders} open={dialogOpen} onOpenChange={setDialogOpen} /> : null}
      {dialog?.kind === 'delete' ? <DeleteGuideDialog key={dialog.guide.id} guide={dialog.guide} open={dialogOpen} onOpenChange={setDialogOpen} /> : null}
      {dialog?.kind === 'export' && ExportDialog ? <ExportDialog key={dialog.guide.id} guide={dialog.guide} open={dialogOpen} onOpenChange={setDialogOpen} /> : null}
      {dialog?.kind === 'embed' && EmbedDialog ? <EmbedDialog key={dialog.guide.id} guide={dialog.guide} open={dialogOpen} onOpenChange={setDialogOpen} /> : null}
    </>
  );
}
