import type { CaptureMeta } from '#shared/capture';
import type { GuideTranscript, SlideTranscript, TranscriptInput, TranscriptProvider } from './contracts';
import { cleanName, effectiveRole, stepText, targetName } from './step-text';

/**
 * The default smart transcript: deterministic and offline. Each step's words come from
 * step-text.ts; this adds what a person narrating a flow would: where the step happens when the
 * page changes, connectives that vary down the guide ("First", "Next", "Then", "Finally"), a
 * title from the task rather than the page's <title>, an intro and an outro. It reads only
 * redacted metadata, so it can never speak a typed value.
 */
export const LOCAL_TRANSCRIPT_NAME = 'local';

/** Separators apps put between a page's name and their own in <title>: "Contacts · Acme CRM". */
const TITLE_SEPARATORS = /\s+[·|—–-]\s+|\s*:\s+/;

/** The page's own name and the app's, from its title. */
export function pageNames(title: string | null | undefined): { page: string; app: string } {
  const parts = (title ?? '')
    .split(TITLE_SEPARATORS)
    .map((part) => cleanName(part))
    .filter(Boolean);
  if (parts.length === 0) return { page: '', app: '' };
  if (parts.length === 1) return { page: parts[0]!, app: '' };
  return { page: parts[0]!, app: parts[parts.length - 1]! };
}

/** The path of a page, for telling pages apart when their titles match. */
function pathOf(url: string | null | undefined): string {
  if (!url) return '';
  try {
    return new URL(url).pathname;
  } catch {
    return url;
  }
}

/** Verbs a guide's title may start with, and how a button's name becomes a task. */
const TASK_VERBS = new Set([
  'add', 'create', 'invite', 'save', 'send', 'submit', 'publish', 'export', 'import', 'delete', 'remove', 'archive', 'update',
  'upload', 'book', 'schedule', 'assign', 'close', 'resolve', 'reply', 'share', 'download', 'connect', 'enable', 'disable',
  'install', 'approve', 'pay', 'record', 'register', 'generate', 'issue', 'set', 'change', 'edit', 'rename', 'move', 'copy',
  'duplicate', 'merge', 'sign', 'log', 'start', 'launch', 'open', 'ship', 'refund', 'cancel', 'confirm', 'complete', 'finish',
]);
/** Buttons that finish a form but say nothing of the task. */
const GENERIC_COMMITS = new Set(['save', 'submit', 'done', 'ok', 'continue', 'next', 'confirm', 'apply', 'send', 'create', 'finish', 'yes']);
const DETERMINERS = new Set(['a', 'an', 'the', 'your', 'my', 'our', 'their', 'this', 'that', 'new', 'all', 'some', 'to', 'in', 'on', 'up', 'out', 'for', 'with']);

function lowerFirst(text: string): string {
  // "API key" keeps its capitals; "Click" becomes "click".
  return /^[A-Z][a-z]/.test(text) ? text[0]!.toLowerCase() + text.slice(1) : text;
}

function upperFirst(text: string): string {
  return text ? text[0]!.toUpperCase() + text.slice(1) : text;
}

function article(word: string): string {
  return /^[aeiou]/i.test(word) && !/^(uni|use|one)/i.test(word) ? 'an' : 'a';
}

/** "Invite teammate" → "invite a teammate"; "New contact" → "add a new contact"; "Save" → "" (says nothing). */
export function taskFromName(raw: string): string {
  const name = cleanName(raw).replace(/[+…]/g, '').trim();
  const words = name.split(/\s+/).filter(Boolean);
  if (words.length === 0) return '';
  const first = words[0]!.toLowerCase();
  if (first === 'new' && words.length > 1) return `add a new ${words.slice(1).join(' ').toLowerCase()}`;
  if (!TASK_VERBS.has(first)) return '';
  if (words.length === 1) return GENERIC_COMMITS.has(first) ? '' : first;
  const rest = words.slice(1);
  const object = rest.join(' ');
  const lowered = /^[A-Z][a-z]/.test(object) ? object.toLowerCase() : object;
  const needsArticle = !DETERMINERS.has(rest[0]!.toLowerCase()) && !/s$/i.test(rest[rest.length - 1]!) && rest.length <= 3;
  return `${first} ${needsArticle ? `${article(lowered)} ` : ''}${lowered}`;
}

function isCommitLike(meta: CaptureMeta): boolean {
  if (meta.action === 'submit') return true;
  if (meta.action !== 'click' || !meta.element) return false;
  const role = effectiveRole(meta.element);
  return role === 'button' || role === 'link' || role === 'menuitem';
}

/** The task a captured flow performs, as a verb phrase ("add a new contact"), or '' when it cannot tell. */
export function taskOf(steps: ReadonlyArray<CaptureMeta | null>): string {
  const named = steps.filter((s): s is CaptureMeta => !!s && !!s.element && !s.element.redacted && isCommitLike(s));
  // A flow that starts with "New contact" or "Invite teammate" says its task up front…
  for (const step of named) {
    const task = taskFromName(targetName(step.element!));
    if (task && /^(add|create|invite|new)\b/.test(task)) return task;
  }
  // …otherwise its last telling button does ("Publish post", "Export report").
  for (const step of [...named].reverse()) {
    const task = taskFromName(targetName(step.element!));
    if (task) return task;
  }
  return '';
}

function appOf(steps: ReadonlyArray<CaptureMeta | null>): string {
  const counts = new Map<string, number>();
  for (const step of steps) {
    const { app } = pageNames(step?.page?.title);
    if (app) counts.set(app, (counts.get(app) ?? 0) + 1);
  }
  return [...counts.entries()].sort((a, b) => b[1] - a[1])[0]?.[0] ?? '';
}

/** The connective before a step's spoken line, varied down the guide. */
function connective(index: number, count: number): string {
  if (count <= 1) return '';
  if (index === 0) return 'First, ';
  if (index === count - 1) return 'Finally, ';
  return ['Next, ', 'Then ', 'Now '][(index - 1) % 3]!;
}

/** Words for a slide with nothing captured (an uploaded image): a start the author can edit. */
function uncapturedStep(index: number, count: number, goal: string): SlideTranscript {
  if (index === 0) {
    return {
      text: 'Start on this screen',
      narration: goal ? `To ${lowerFirst(goal).replace(/[.!]$/, '')}, start on this screen.` : 'Start on this screen.',
      needsText: true,
    };
  }
  if (index === count - 1 && count > 1) return { text: 'Check the result', narration: 'Finally, check the result on this screen.', needsText: true };
  return { text: 'Continue on this screen', narration: `${connective(index, count)}continue on this screen.`, needsText: true };
}

function capturedStep(meta: CaptureMeta, previous: CaptureMeta | null | undefined, index: number, count: number): SlideTranscript {
  const words = stepText(meta);
  const needsText = !/\*\*[^*]+\*\*/.test(words.text) && meta.action !== 'navigate';
  const core = words.narration;
  const here = pageNames(meta.page?.title).page;
  const there = previous ? pageNames(previous.page?.title).page : '';
  const pageChanged = !!here && meta.action !== 'navigate' && (!previous || here !== there || pathOf(meta.page?.url) !== pathOf(previous.page?.url));
  let narration: string;
  if (pageChanged && (!previous || here !== there)) narration = `On the ${here} page, ${lowerFirst(core)}`;
  else narration = `${connective(index, count)}${connective(index, count) ? lowerFirst(core) : core}`;
  return { text: words.text, narration, needsText };
}

/** "Add a new contact in Acme CRM"; the author's goal when they typed one. */
function titleOf(task: string, app: string, goal: string, steps: ReadonlyArray<CaptureMeta | null>): string {
  if (goal) return goal;
  if (task) return `${upperFirst(task)}${app ? ` in ${app}` : ''}`;
  const firstPage = steps.map((s) => pageNames(s?.page?.title).page).find(Boolean);
  if (firstPage && app) return `Use ${firstPage} in ${app}`;
  if (app) return `A walkthrough of ${app}`;
  return 'A step-by-step guide';
}

export function writeTranscript(input: TranscriptInput): GuideTranscript {
  const goal = cleanName(input.goal);
  const captures = input.steps.map((step) => step.capture);
  const count = captures.length;
  const task = taskOf(captures);
  const app = appOf(captures);
  const title = titleOf(task, app, goal, captures);
  const phrase = goal ? lowerFirst(goal).replace(/[.!]$/, '') : task ? `${task}${app ? ` in ${app}` : ''}` : '';
  const intro = phrase
    ? `In this guide you'll ${phrase}${count > 1 ? `, in ${count} steps` : ''}.`
    : `In this guide you'll walk through ${count === 1 ? 'one step' : `${count} steps`}${app ? ` in ${app}` : ''}.`;
  const outro = phrase ? `That's it: now you know how to ${phrase}.` : "That's it: you've seen every step.";
  const slides = captures.map((capture, index) =>
    capture ? capturedStep(capture, captures[index - 1], index, count) : uncapturedStep(index, count, goal),
  );
  return { title: title.slice(0, 200), intro, outro, slides };
}

export const localTranscript: TranscriptProvider = {
  name: LOCAL_TRANSCRIPT_NAME,
  write: async (input) => writeTranscript(input),
};
