import { CHECK_SCHEDULES, isDriftedStep, type CheckSchedule, type DriftCheckDto, type DriftStepDto, type GuideHealth } from '#shared/drift';
import { placeInLine } from '#shared/workers';
import { Badge, type BadgeTone } from '#web/components/ui/badge';
import { Button } from '#web/components/ui/button';
import { SelectField } from '#web/components/ui/form';
import { toast } from '#web/components/ui/toast';
import { useApplyFreshScreenshot, useGuideHealth, useLatestCheck, useSetCheckSchedule, useStartCheck } from '../api/drift-checks';
import { formatRelativeTime } from '#web/lib/relative-time';
import './drift-panel.css';

const HEALTH: Record<GuideHealth, { tone: BadgeTone; label: string; summary: string }> = {
  fresh: { tone: 'success', label: 'Up to date', summary: 'Every step is where the guide shows it.' },
  drifted: { tone: 'warning', label: 'Drifted', summary: 'Some steps look different in the app now.' },
  broken: { tone: 'danger', label: 'Broken', summary: 'Some steps cannot be found in the app any more, or cannot be reached.' },
};

const STATUS: Record<DriftStepDto['status'], { tone: BadgeTone; label: string }> = {
  found: { tone: 'success', label: 'Found' },
  moved: { tone: 'warning', label: 'Moved' },
  missing: { tone: 'danger', label: 'Missing' },
  refused: { tone: 'danger', label: 'Not reached' },
};

const SCHEDULE_LABELS: Record<CheckSchedule, string> = { off: 'Only when I ask', daily: 'Every day', weekly: 'Every week' };


function announcement(check: DriftCheckDto | null | undefined): string {
  if (!check) return '';
  if (check.state === 'failed') return `The check failed. ${check.error ?? ''}`;
  if (check.state !== 'done' || !check.health) return '';
  return `Check finished: ${HEALTH[check.health].label}. ${HEALTH[check.health].summary}`;
}

function StepFinding({ step, checkId, guideId, guideShot }: { step: DriftStepDto; checkId: string; guideId: string; guideShot: string | null }) {
  const apply = useApplyFreshScreenshot(guideId);
  const status = STATUS[step.status];
  const changed = step.score !== null ? Math.round(step.score * 100) : null;
  return (
    <li className="drift-step">
      <div className="drift-step__head">
        <span className="drift-step__name">Step {step.position}</span>
        <Badge tone={status.tone}>{status.label}</Badge>
        {changed !== null ? <span className="drift-step__score">{changed}% of the screen changed</span> : null}
      </div>
      {step.note ? <p className="drift-step__note">{step.note}</p> : null}
      {step.freshScreenshotUrl ? (
        <div className="drift-step__shots">
          {guideShot && !step.applied ? (
            <figure>
              <img className="drift-step__shot" src={guideShot} alt={`Step ${step.position} in the guide`} width={116} height={73} loading="lazy" />
              <figcaption>Guide</figcaption>
            </figure>
          ) : null}
          <figure>
            <img className="drift-step__shot" src={step.freshScreenshotUrl} alt={`Step ${step.position} in the app now`} width={116} height={step.width && step.height ? Math.round((116 * step.height) / step.width) : 73} loading="lazy" />
            <figcaption>Now</figcaption>
          </figure>
        </div>
      ) : null}
      {step.applied ? (
        <p className="drift-step__applied">Your draft shows this screenshot now. Publish changes to show it to viewers.</p>
      ) : isDriftedStep(step) && step.freshScreenshotUrl ? (
        <Button
          size="sm"
          variant="outline"
          disabled={apply.isPending}
          onClick={() =>
            apply.mutate(
              { checkId, slideId: step.slideId },
              {
                onSuccess: () => toast.success(`Step ${step.position} updated with the fresh screenshot in your draft`, { description: 'Viewers see it once you publish changes.' }),
                onError: (error) => toast.error('The screenshot could not be updated', { description: error.message }),
              },
            )
          }
        >
          Use this screenshot<span className="visually-hidden"> for step {step.position}</span>
        </Button>
      ) : null}
    </li>
  );
}

/**
 * "App changes": replays the guide against the live app and shows, step by step, whether each
 * element is still there, with the app as it looks now; a drifted step takes the fresh screenshot
 * in one click. Checks can also run by themselves every day or week.
 */
export function DriftPanel({ guideId, slides }: { guideId: string; slides: ReadonlyArray<{ id: string; screenshotUrl: string | null }> }) {
  const guideShots = new Map(slides.map((slide) => [slide.id, slide.screenshotUrl]));
  const latest = useLatestCheck(guideId);
  const health = useGuideHealth(guideId);
  const start = useStartCheck(guideId);
  const schedule = useSetCheckSchedule(guideId);
  const check = latest.data;
  const running = check?.state === 'queued' || check?.state === 'running' || start.isPending;

  return (
    <div className="panel-section__body drift">
      {check?.state === 'done' && check.health ? (
        <p className="drift__summary">
          <Badge tone={HEALTH[check.health].tone}>{HEALTH[check.health].label}</Badge> <span>{HEALTH[check.health].summary}</span>{' '}
          <span className="drift__when">Checked {formatRelativeTime(check.finishedAt ?? check.createdAt)}.</span>
        </p>
      ) : !check ? (
        <p className="drift__empty">Replay a guide captured with the extension in the live app, to see whether its steps still match.</p>
      ) : null}
      <Button
        size="sm"
        disabled={running}
        onClick={() => start.mutate(undefined, { onError: (error) => toast.error('The check could not start', { description: error.message }) })}
      >
        {running ? 'Checking…' : 'Check against the live app'}
      </Button>
      {check && running ? (
        <div className="drift__progress">
          <progress max={Math.max(1, check.total)} value={check.done} aria-label="Check progress" />
          <span>{check.state === 'queued' ? (placeInLine(check.queuePosition) ?? 'Starting…') : `Step ${Math.min(check.done + 1, check.total)} of ${check.total}`}</span>
        </div>
      ) : null}
      <div role="status" className="visually-hidden">
        {announcement(check)}
      </div>
      {check?.state === 'failed' ? <p className="drift__error">{check.error}</p> : null}
      {check && check.steps.length > 0 ? (
        <ol className="drift__steps" aria-label="Steps in the app now">
          {check.steps.map((step) => (
            <StepFinding key={step.slideId} step={step} checkId={check.id} guideId={guideId} guideShot={guideShots.get(step.slideId) ?? null} />
          ))}
        </ol>
      ) : null}
      <SelectField
        label="Check automatically"
        value={health.data?.schedule ?? 'off'}
        disabled={!health.data || schedule.isPending}
        onChange={(event) =>
          schedule.mutate(event.target.value as CheckSchedule, { onError: (error) => toast.error('The schedule could not be saved', { description: error.message }) })
        }
      >
        {CHECK_SCHEDULES.map((value) => (
          <option key={value} value={value}>
            {SCHEDULE_LABELS[value]}
          </option>
        ))}
      </SelectField>
    </div>
  );
}
