import { useId, useMemo, useState, type DragEvent } from 'react';
import { Button, buttonClassName } from '#web/components/ui/button';
import type { UploadQueue } from '../hooks/use-upload-queue';
import { formatBytes, SCREENSHOT_ACCEPT } from '../utils/screenshot-files';
import type { UploadItem } from '../utils/upload-queue';
import { Icons } from '#web/components/icons';
import './guides-common.css';
import './screenshot-uploader.css';

function hasFiles(event: DragEvent) {
  return Array.from(event.dataTransfer.types).includes('Files');
}

export interface ScreenshotDropzoneProps {
  onFiles: (files: File[]) => void;
  /** what the picked images become, said under the button */
  hint?: string;
  compact?: boolean;
}

/** Drop images here or pick them: PNG, JPEG or WebP up to 10 MB (checked by the caller's queue). */
export function ScreenshotDropzone({ onFiles, hint = 'PNG, JPEG or WebP, up to 10 MB each. Each image becomes a step, in this order.', compact = false }: ScreenshotDropzoneProps) {
  const inputId = useId();
  const hintId = useId();
  const [over, setOver] = useState(false);

  return (
    <div
      className={['dropzone', compact && 'dropzone--compact', over && 'dropzone--over'].filter(Boolean).join(' ')}
      onDragEnter={(event) => {
        if (hasFiles(event)) setOver(true);
      }}
      onDragOver={(event) => {
        if (!hasFiles(event)) return;
        event.preventDefault();
        event.dataTransfer.dropEffect = 'copy';
      }}
      onDragLeave={(event) => {
        if (!event.currentTarget.contains(event.relatedTarget as Node | null)) setOver(false);
      }}
      onDrop={(event) => {
        if (!hasFiles(event)) return;
        event.preventDefault();
        setOver(false);
        onFiles(Array.from(event.dataTransfer.files));
      }}
    >
      <span className="dropzone__icon">{Icons.upload}</span>
      <p className="dropzone__title">{over ? 'Drop to add these images' : 'Drop screenshots here'}</p>
      <input
        id={inputId}
        type="file"
        multiple
        accept={SCREENSHOT_ACCEPT}
        className="dropzone__input visually-hidden"
        aria-describedby={hintId}
        onChange={(event) => {
          const files = Array.from(event.currentTarget.files ?? []);
          // Picking the same files again must fire change again.
          event.currentTarget.value = '';
          if (files.length > 0) onFiles(files);
        }}
      />
      <label htmlFor={inputId} className={buttonClassName({ variant: 'outline', size: 'sm' }, 'dropzone__button')}>
        {Icons.image}
        Choose images
      </label>
      <p id={hintId} className="dropzone__hint">
        {hint}
      </p>
    </div>
  );
}

/** A thumbnail of a picked file; the object URL is released once the image has loaded. */
function FilePreview({ file }: { file: File }) {
  const url = useMemo(() => URL.createObjectURL(file), [file]);
  return <img className="upload-item__preview" src={url} alt="" width={64} height={40} onLoad={() => URL.revokeObjectURL(url)} />;
}

function percent(value: number) {
  return Math.round(value * 100);
}

function ProgressBar({ value, label, tone = 'brand' }: { value: number; label: string; tone?: 'brand' | 'success' | 'danger' }) {
  const now = percent(value);
  return (
    <div className={`progress progress--${tone}`} role="progressbar" aria-label={label} aria-valuemin={0} aria-valuemax={100} aria-valuenow={now} aria-valuetext={`${now}%`}>
      <span className="progress__bar" style={{ width: `${now}%` }} />
    </div>
  );
}

function itemStatus(item: UploadItem): string {
  switch (item.status) {
    case 'queued':
      return 'Waiting';
    case 'uploading':
      return item.loaded >= item.size ? 'Checking the image…' : `Uploading · ${percent(item.loaded / item.size)}%`;
    case 'done':
      return 'Added';
    case 'failed':
      return item.error ?? 'The upload failed.';
  }
}

export interface UploadListProps {
  queue: UploadQueue;
  /** files may still be removed (before the uploads start) */
  editable?: boolean;
}

/**
 * The files of an upload, in slide order: each with its preview, size, progress and state; a
 * failed one says why and can be retried on its own. The overall bar and count sit on top.
 */
export function UploadList({ queue, editable = false }: UploadListProps) {
  const { items, summary } = queue;
  if (items.length === 0) return null;
  const started = summary.done + summary.failed + summary.uploading > 0;

  return (
    <div className="uploads">
      {started ? (
        <div className="uploads__summary">
          <p role="status" className="uploads__count">
            {summary.complete
              ? `All ${summary.total} screenshots added`
              : summary.failed > 0 && summary.settled
                ? `${summary.done} of ${summary.total} added · ${summary.failed} failed`
                : `Uploading… ${summary.done} of ${summary.total} added`}
          </p>
          <ProgressBar value={summary.progress} label="Overall upload progress" tone={summary.complete ? 'success' : 'brand'} />
        </div>
      ) : (
        <p className="uploads__count">
          {summary.total} {summary.total === 1 ? 'image' : 'images'} · {formatBytes(items.reduce((sum, item) => sum + item.size, 0))}
        </p>
      )}
      <ol role="list" className="uploads__list" aria-label="Screenshots to upload">
        {items.map((item, index) => (
          <li key={item.id} className={`upload-item upload-item--${item.status}`}>
            <span className="upload-item__index" aria-hidden="true">
              {index + 1}
            </span>
            <FilePreview file={item.file} />
            <div className="upload-item__body">
              <p className="upload-item__name">
                <span className="upload-item__filename">{item.name}</span>
                <span className="upload-item__size">{formatBytes(item.size)}</span>
              </p>
              {started && item.status !== 'failed' ? (
                <ProgressBar
                  value={item.status === 'done' ? 1 : item.loaded / item.size}
                  label={`Upload of ${item.name}`}
                  tone={item.status === 'done' ? 'success' : 'brand'}
                />
              ) : null}
              {started ? (
                <p className={`upload-item__status${item.status === 'failed' ? ' upload-item__status--error' : ''}`}>
                  {item.status === 'done' ? Icons.check : null}
                  {itemStatus(item)}
                </p>
              ) : null}
            </div>
            <div className="upload-item__actions">
              {item.status === 'failed' ? (
                <Button size="sm" variant="outline" icon={Icons.retry} onClick={() => queue.retry(item.id)} aria-label={`Retry ${item.name}`}>
                  Retry
                </Button>
              ) : null}
              {(editable && item.status === 'queued') || item.status === 'failed' ? (
                <button type="button" className="icon-button" aria-label={`Remove ${item.name}`} onClick={() => queue.remove(item.id)}>
                  {Icons.close}
                </button>
              ) : null}
            </div>
          </li>
        ))}
      </ol>
    </div>
  );
}
