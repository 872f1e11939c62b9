import { EXPORT_FORMAT_LABELS, exportOptionsLabel, isActiveExport, type ExportDto } from '#shared/exports';
import { ORG_RUNNING_LIMITS, placeInLine } from '#shared/workers';
import { Button } from '#web/components/ui/button';
import { toast } from '#web/components/ui/toast';
import { formatDateTime } from '#web/lib/format';
import { useDeleteExport } from '../api/delete-export';
import { useExports } from '../api/list-exports';
import { useRetryExport } from '../api/retry-export';
import { fileSize } from '../utils/file-size';
import './exports.css';

function ExportRow({ item }: { item: ExportDto }) {
  const label = EXPORT_FORMAT_LABELS[item.format];
  const options = exportOptionsLabel(item.format, item.options);
  const remove = useDeleteExport({ mutationConfig: { onError: () => toast.error('Something went wrong') } });
  const retry = useRetryExport({
    mutationConfig: { onError: (error) => toast.error('The export could not start again', { description: error.message }) },
  });
  const active = isActiveExport(item.state);
  const percent = Math.round(item.progress * 100);
  return (
    <li className="exports__item">
      <div className="exports__head">
        <span className="exports__name">
          {label}
          {options ? <span className="exports__options"> · {options}</span> : null}
        </span>
        <span className="exports__time">{formatDateTime(item.createdAt)}</span>
      </div>
      {active ? (
        <div className="exports__progress">
          <progress max={1} value={item.progress} aria-label={`${label} progress`} />
          <span className="exports__state" title={item.queuePosition ? `Your organisation renders ${ORG_RUNNING_LIMITS.export} exports at a time` : undefined}>
            {item.state === 'queued' ? (placeInLine(item.queuePosition) ?? 'Queued') : `Rendering… ${percent}%`}
          </span>
        </div>
      ) : null}
      {item.state === 'done' && item.downloadUrl ? (
        <div className="exports__done">
          <span className="exports__size">{item.bytes !== null ? fileSize(item.bytes) : ''}</span>
          <a className="exports__download" href={item.downloadUrl} download={item.fileName ?? undefined}>
            Download<span className="visually-hidden"> {label}</span>
          </a>
          {item.subtitlesUrl ? (
            <a className="exports__download exports__download--quiet" href={item.subtitlesUrl} download>
              Captions (.vtt)
            </a>
          ) : null}
          {item.subtitlesSrtUrl ? (
            <a className="exports__download exports__download--quiet" href={item.subtitlesSrtUrl} download>
              Captions (.srt)
            </a>
          ) : null}
        </div>
      ) : null}
      {item.state === 'failed' ? (
        <p className="exports__error">
          {item.error}
        </p>
      ) : null}
      <div className="exports__actions">
        {item.state === 'failed' ? (
          <Button size="sm" variant="outline" disabled={retry.isPending} onClick={() => retry.mutate({ exportId: item.id, guideId: item.guideId })}>
            Retry<span className="visually-hidden"> {label}</span>
          </Button>
        ) : null}
        <Button size="sm" variant="ghost" disabled={remove.isPending} onClick={() => remove.mutate({ exportId: item.id, guideId: item.guideId })}>
          Delete<span className="visually-hidden"> {label} export</span>
        </Button>
      </div>
    </li>
  );
}

/** A guide's exports, newest first: a progress bar while one renders, then its size and Download; Retry on failure; Delete. */
export function ExportsPanel({ guideId }: { guideId: string }) {
  const { data, isPending, isError } = useExports(guideId);
  // Screen readers hear when the newest export finishes, not every step of its progress.
  const newest = data?.items[0];
  const announcement =
    newest?.state === 'done'
      ? `${EXPORT_FORMAT_LABELS[newest.format]} export is ready to download.`
      : newest?.state === 'failed'
        ? `${EXPORT_FORMAT_LABELS[newest.format]} export failed.`
        : '';
  return (
    <section className="exports" aria-labelledby="exports-heading">
      <h3 id="exports-heading" className="exports__heading">
        Exports
      </h3>
      {isPending ? <p className="exports__empty">Loading…</p> : null}
      {isError ? <p className="exports__empty">The exports could not be loaded.</p> : null}
      {data && data.items.length === 0 ? <p className="exports__empty">No exports yet.</p> : null}
      {data && data.items.length > 0 ? (
        <ul className="exports__list">
          {data.items.map((item) => (
            <ExportRow key={item.id} item={item} />
          ))}
        </ul>
      ) : null}
      <p role="status" className="visually-hidden">
        {announcement}
      </p>
    </section>
  );
}
