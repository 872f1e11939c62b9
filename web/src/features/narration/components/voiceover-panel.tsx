import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useId, useRef, useState } from 'react';
import type { GuideDto } from '#shared/guides';
import { DEFAULT_SPEECH_RATE, MAX_SPEECH_RATE, MIN_SPEECH_RATE } from '#shared/narration';
import { ORG_RUNNING_LIMITS, placeInLine } from '#shared/workers';
import { Button } from '#web/components/ui/button';
import { toast } from '#web/components/ui/toast';
import { isApiError } from '#web/lib/api-error';
import { useJob } from '../api/get-job';
import { guideQueryKeys } from '#web/lib/query-keys';
import { useVoices } from '../api/list-voices';
import { useStartVoiceover } from '../api/start-voiceover';
import { Icons } from '#web/components/icons';

export interface VoiceoverPanelProps {
  guide: GuideDto;
  /** the plan has voiceover; undefined while loading */
  canNarrate: boolean | undefined;
  onChange: (data: { voiceId?: string; speechRate?: number }) => void;
  onLocked: () => void;
}

const formatRate = (rate: number) => `${Number(rate.toFixed(2))}×`;

/** Slides with words to say and no audio that says them (none yet, or out of date). */
export function slidesNeedingAudio(guide: GuideDto): number {
  return guide.slides.filter((slide) => slide.narration?.trim() && (!slide.audioUrl || slide.audioStale)).length;
}

/**
 * The guide's voice: a voice picker with a sample to hear (for everyone), the speed, and the
 * voiceover run with its progress. Only slides whose audio is missing or out of date are made.
 */
export function VoiceoverPanel({ guide, canNarrate, onChange, onLocked }: VoiceoverPanelProps) {
  const id = useId();
  const queryClient = useQueryClient();
  const voices = useVoices();
  const voiceId = guide.voiceId ?? voices.data?.defaultVoiceId ?? '';
  const [rate, setRate] = useState(guide.speechRate);
  // The slider follows the saved speed when it changes underneath (a refetch).
  const [savedRate, setSavedRate] = useState(guide.speechRate);
  if (guide.speechRate !== savedRate) {
    setSavedRate(guide.speechRate);
    setRate(guide.speechRate);
  }
  const [jobId, setJobId] = useState(guide.voiceoverJobId);
  const job = useJob(jobId).data;
  const sampleRef = useRef<HTMLAudioElement>(null);
  const running = job?.state === 'queued' || job?.state === 'running';
  const pending = slidesNeedingAudio(guide);
  const narrated = guide.slides.filter((slide) => slide.narration?.trim()).length;
  const hasAudio = guide.slides.some((slide) => slide.audioUrl);


  // Once the job has finished, the guide's slides carry their new audio.
  const finishedJob = job && !running ? job.id : undefined;
  useEffect(() => {
    if (finishedJob) void queryClient.invalidateQueries({ queryKey: guideQueryKeys.detail(guide.id) });
  }, [finishedJob, guide.id, queryClient]);

  // The speed is saved once the slider rests.
  useEffect(() => {
    if (rate === guide.speechRate) return;
    const timer = setTimeout(() => onChange({ speechRate: rate }), 350);
    return () => clearTimeout(timer);
  }, [rate, guide.speechRate, onChange]);

  const start = useStartVoiceover({
    mutationConfig: {
      onSuccess: ({ jobId: started }) => setJobId(started),
      onError: (error) => {
        if (isApiError(error) && error.code === 'plan_limit') {
          toast.info('Voiceover is a Pro feature', { description: 'Start a Pro trial to narrate your guides.' });
          onLocked();
        } else toast.error('Something went wrong', { description: 'The voiceover could not be started.' });
      },
    },
  });

  const generate = () => {
    if (canNarrate === false) {
      onLocked();
      return;
    }
    start.mutate({ guideId: guide.id, data: { ...(guide.voiceId || voiceId ? { voiceId } : {}), speechRate: rate } });
  };

  const playSample = () => {
    const voice = voices.data?.voices.find((v) => v.id === voiceId);
    const audio = sampleRef.current;
    if (!voice || !audio) return;
    audio.src = voice.sampleUrl;
    audio.play().catch(() => toast.error('The sample could not be played'));
  };

  const label = running
    ? 'Generating voiceover…'
    : !hasAudio
      ? 'Generate voiceover'
      : pending > 0
        ? `Regenerate voiceover (${pending} ${pending === 1 ? 'step' : 'steps'} changed)`
        : 'Regenerate voiceover';

  let status = '';
  if (job?.state === 'failed') status = `Voiceover failed: ${job.error ?? 'please try again.'}`;
  else if (running && job.queuePosition) status = `${placeInLine(job.queuePosition)}: your organisation voices ${ORG_RUNNING_LIMITS.voiceover} guides at a time.`;
  else if (running) status = `Generating voiceover: ${job.done} of ${job.total} steps…`;
  else if (job?.state === 'done' && pending === 0) status = `Voiceover ready: ${job.total} of ${narrated} steps narrated.`;
  else if (hasAudio && pending > 0) status = `${pending} ${pending === 1 ? 'step needs' : 'steps need'} new audio.`;
  else if (!hasAudio) status = narrated > 0 ? 'No voiceover yet.' : 'Write a narration for a step to give it a voice.';

  return (
    <div className="voiceover">
      <div className="field">
        <label className="field__label" htmlFor={`${id}-voice`}>
          Voice
        </label>
        <div className="voiceover__voice-row">
          <select
            id={`${id}-voice`}
            className="field__input"
            value={voiceId}
            disabled={!voices.data}
            onChange={(event) => onChange({ voiceId: event.target.value })}
          >
            {voices.data?.voices.map((voice) => (
              <option key={voice.id} value={voice.id}>
                {`${voice.name} · ${voice.language}, ${voice.gender}${voice.engine.startsWith('polly') ? '' : ' (offline stand-in)'}`}
              </option>
            ))}
          </select>
          <Button variant="outline" size="sm" icon={Icons.play} onClick={playSample} disabled={!voices.data}>
            Play sample
          </Button>
        </div>
        {voices.isError ? <p className="field__hint">The voices could not be loaded.</p> : null}
        {voices.data?.voices.some((voice) => !voice.engine.startsWith('polly')) ? (
          <p className="field__hint">
            These are offline stand-in voices ({[...new Set(voices.data.voices.filter((v) => !v.engine.startsWith('polly')).map((v) => v.engine))].join(', ')}) for
            working without the cloud; in production, guides are voiced by Amazon Polly’s neural voices.
          </p>
        ) : null}
        <audio ref={sampleRef} data-voice-sample="" preload="none" />
      </div>
      <div className="field">
        <div className="field__label-row">
          <label className="field__label" htmlFor={`${id}-rate`}>
            Speed
          </label>
          <output htmlFor={`${id}-rate`} className="zoom-slider__value">
            {formatRate(rate)}
          </output>
        </div>
        <input
          id={`${id}-rate`}
          type="range"
          className="zoom-slider__input"
          min={MIN_SPEECH_RATE}
          max={MAX_SPEECH_RATE}
          step={0.05}
          value={rate}
          aria-valuetext={formatRate(rate)}
          onChange={(event) => setRate(Number(event.target.value) || DEFAULT_SPEECH_RATE)}
        />
      </div>
      <Button size="sm" icon={canNarrate === false ? Icons.lock : Icons.play} onClick={generate} disabled={running || start.isPending || narrated === 0}>
        {label}
      </Button>
      {running ? (
        <progress className="voiceover__progress" aria-label="Voiceover progress" max={Math.max(1, job.total)} value={job.done} />
      ) : null}
      <p role="status" className="voiceover__status">
        {status}
      </p>
    </div>
  );
}
