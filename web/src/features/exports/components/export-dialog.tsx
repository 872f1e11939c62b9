import { useId, useState } from 'react';
import { EXPORT_FORMATS, EXPORT_FORMAT_LABELS, PDF_PICTURES, type CreateExportBody, type ExportFormat } from '#shared/exports';
import { Button } from '#web/components/ui/button';
import { Dialog } from '#web/components/ui/dialog';
import { CheckboxField, FormMessage, SelectField } from '#web/components/ui/form';
import { useCreateExport } from '../api/create-export';
import { ExportsPanel } from './exports-panel';
import './exports.css';

type PdfPictures = (typeof PDF_PICTURES)[number];

export interface ExportDialogProps {
  guide: { id: string; title: string };
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** the format chosen when it opens */
  format?: ExportFormat;
}

const FORMAT_HINTS: Record<ExportFormat, string> = {
  mp4: 'A narrated video with captions, for training platforms.',
  pdf: 'Every step with its screenshot, for print or a binder.',
  markdown: 'guide.md and its images in a zip, for docs and wikis.',
  html: 'One web page that works offline and plays the narration.',
};

/** "Export guide": the format and its options, then the guide's exports with their progress and downloads. */
export function ExportDialog({ guide, open, onOpenChange, format: initialFormat = 'mp4' }: ExportDialogProps) {
  const [format, setFormat] = useState<ExportFormat>(initialFormat);
  const [resolution, setResolution] = useState<'1080p' | '720p'>('1080p');
  const [burnCaptions, setBurnCaptions] = useState(true);
  const [pageSize, setPageSize] = useState<'a4' | 'letter'>('a4');
  const [pictures, setPictures] = useState<PdfPictures>('both');
  const [audio, setAudio] = useState(true);
  const [problem, setProblem] = useState<string | undefined>();
  const create = useCreateExport({ mutationConfig: { onError: (error) => setProblem(error.message) } });
  const legendId = useId();

  const body = (): CreateExportBody => {
    switch (format) {
      case 'mp4':
        return { format, options: { resolution, burnCaptions } };
      case 'pdf':
        return { format, options: { pageSize, pictures } };
      case 'markdown':
        return { format, options: {} };
      case 'html':
        return { format, options: { audio } };
    }
  };

  return (
    <Dialog
      open={open}
      onOpenChange={onOpenChange}
      size="lg"
      title="Export guide"
      description={`Download “${guide.title}” as a video, a document or a web page.`}
      footer={<Button variant="outline" onClick={() => onOpenChange(false)}>Close</Button>}
    >
      <form
        className="export-form"
        onSubmit={(event) => {
          event.preventDefault();
          setProblem(undefined);
          create.mutate({ guideId: guide.id, body: body() });
        }}
      >
        <fieldset className="export-form__formats" aria-labelledby={legendId}>
          <legend id={legendId} className="export-form__legend">
            Format
          </legend>
          {EXPORT_FORMATS.map((value) => (
            <label key={value} className="export-form__format">
              <input type="radio" name="export-format" value={value} checked={format === value} onChange={() => setFormat(value)} />
              <span>
                <span className="export-form__format-name">{EXPORT_FORMAT_LABELS[value]}</span>
                <span className="export-form__format-hint">{FORMAT_HINTS[value]}</span>
              </span>
            </label>
          ))}
        </fieldset>
        <div className="export-form__options">
          {format === 'mp4' ? (
            <>
              <SelectField label="Resolution" value={resolution} onChange={(event) => setResolution(event.target.value === '720p' ? '720p' : '1080p')}>
                <option value="1080p">1080p (1920 × 1080)</option>
                <option value="720p">720p (1280 × 720)</option>
              </SelectField>
              <CheckboxField
                label="Burn captions into the video"
                hint="A caption track and a .vtt file come with the video either way."
                checked={burnCaptions}
                onChange={(event) => setBurnCaptions(event.target.checked)}
              />
            </>
          ) : null}
          {format === 'pdf' ? (
            <SelectField label="Page size" value={pageSize} onChange={(event) => setPageSize(event.target.value === 'letter' ? 'letter' : 'a4')}>
              <option value="a4">A4</option>
              <option value="letter">Letter</option>
            </SelectField>
          ) : null}
          {format === 'pdf' ? (
            <SelectField label="Pictures of each step" value={pictures} onChange={(event) => setPictures(PDF_PICTURES.find((value) => value === event.target.value) ?? 'both')}>
              <option value="both">The screenshot and a zoom on the click</option>
              <option value="full">The screenshot only</option>
              <option value="zoomed">The zoom on the click only</option>
            </SelectField>
          ) : null}
          {format === 'html' ? (
            <CheckboxField label="Include the narration audio" checked={audio} onChange={(event) => setAudio(event.target.checked)} />
          ) : null}
        </div>
        {problem ? <FormMessage>{problem}</FormMessage> : null}
        <div className="export-form__submit">
          <Button type="submit" disabled={create.isPending}>
            {create.isPending ? 'Starting…' : 'Start export'}
          </Button>
        </div>
      </form>
      <ExportsPanel guideId={guide.id} />
    </Dialog>
  );
}
