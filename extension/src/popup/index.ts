import { MAX_AUTHOR_SELECTOR_LENGTH, MAX_AUTHOR_SELECTORS, parseAuthorSelectors } from '#shared/redaction';
import * as Api from '../api';
import { appUrl } from '../config';
import type { CaptureSummary, PopupMessage, WorkerState } from '../messages';
import { privacyNote, recordingNote } from './privacy';
import { saveSignIn } from './site-sign-in';

/**
 * The toolbar popup: who is signed in, where the guide goes (organisation, folder), extra
 * things to hide, Start capture; while recording, the step count and the controls; below, the
 * captures not yet on the server with their progress, Retry and Discard.
 */
const SETTINGS_KEY = 'settings';
const SHORTCUT = 'Alt+Shift+S';

interface Settings {
  orgId: string | null;
  folderId: string | null;
  selectors: string[];
}

const view = document.getElementById('view')!;
const capturesSection = document.getElementById('captures')!;
const openApp = document.getElementById('open-app') as HTMLAnchorElement;
openApp.href = appUrl('/dashboard');

let worker: WorkerState = { recording: null, captures: [] };
let session: Api.Session = null;
let organizations: Api.Organization[] = [];
let folders: Api.Folder[] = [];
let settings: Settings = { orgId: null, folderId: null, selectors: [] };
let targetTab: chrome.tabs.Tab | undefined;
let loaded = false;
let startError = '';
let signInNote: { ok: boolean; message: string } | null = null;

function send<T = unknown>(message: PopupMessage): Promise<T> {
  return chrome.runtime.sendMessage<T>(message);
}

/** A small element builder: tag, attributes, children. */
function h<K extends keyof HTMLElementTagNameMap>(tag: K, attrs: Record<string, string | boolean | ((event: Event) => void)> = {}, ...children: Array<Node | string | null | false>): HTMLElementTagNameMap[K] {
  const element = document.createElement(tag);
  for (const [name, value] of Object.entries(attrs)) {
    if (typeof value === 'function') element.addEventListener(name.replace(/^on/, '').toLowerCase(), value);
    else if (value === true) element.setAttribute(name, '');
    else if (value !== false) element.setAttribute(name, value);
  }
  for (const child of children) if (child !== null && child !== false) element.append(child);
  return element;
}

const ICONS = {
  pause: '<svg viewBox="0 0 16 16" aria-hidden="true"><rect x="4" y="3" width="2.6" height="10" rx="1"/><rect x="9.4" y="3" width="2.6" height="10" rx="1"/></svg>',
  resume: '<svg viewBox="0 0 16 16" aria-hidden="true"><path d="M5 3.2v9.6a.6.6 0 0 0 .9.5l7.4-4.8a.6.6 0 0 0 0-1L5.9 2.7a.6.6 0 0 0-.9.5Z"/></svg>',
  undo: '<svg class="stroke" viewBox="0 0 16 16" aria-hidden="true" fill="none" stroke="currentColor" stroke-width="1.7" stroke-linecap="round" stroke-linejoin="round"><path d="M5.5 3.5 2.5 6.5l3 3"/><path d="M2.8 6.5h6.7a3.5 3.5 0 0 1 0 7H7"/></svg>',
  stop: '<svg viewBox="0 0 16 16" aria-hidden="true"><rect x="3.5" y="3.5" width="9" height="9" rx="2"/></svg>',
  chevron: '<svg viewBox="0 0 16 16" aria-hidden="true" fill="none" stroke="currentColor" stroke-width="1.8" stroke-linecap="round" stroke-linejoin="round"><path d="m6 4 4 4-4 4"/></svg>',
  building: '<svg viewBox="0 0 16 16" aria-hidden="true" fill="none" stroke="currentColor" stroke-width="1.5" stroke-linejoin="round"><path d="M3 14V3.5a1 1 0 0 1 1-1h5a1 1 0 0 1 1 1V14M10 7h2a1 1 0 0 1 1 1v6M2 14h12M5.5 5.5h2M5.5 8h2M5.5 10.5h2"/></svg>',
};

function summary(label: string): HTMLElement {
  const element = h('summary', {});
  element.innerHTML = ICONS.chevron;
  element.append(label, h('span', { class: 'optional' }, 'Optional'));
  return element;
}

function staticValue(icon: string, text: string, labelledBy: string): HTMLElement {
  const element = h('div', { class: 'static', role: 'group', 'aria-labelledby': labelledBy });
  element.innerHTML = icon;
  element.append(text);
  return element;
}

function append(parent: HTMLElement, ...children: Array<Node | null>): void {
  for (const child of children) if (child) parent.append(child);
}

function iconButton(icon: string, label: string, className: string, onClick: () => void): HTMLButtonElement {
  const button = h('button', { type: 'button', class: `button ${className}`, onclick: onClick });
  button.innerHTML = icon;
  button.append(label);
  return button;
}

function initials(name: string): string {
  return name.split(/\s+/).filter(Boolean).slice(0, 2).map((part) => part[0]!.toUpperCase()).join('') || '?';
}

async function saveSettings(change: Partial<Settings>): Promise<void> {
  settings = { ...settings, ...change };
  await chrome.storage.local.set({ [SETTINGS_KEY]: settings });
}

async function loadSettings(): Promise<void> {
  const stored = (await chrome.storage.local.get(SETTINGS_KEY))[SETTINGS_KEY];
  if (stored && typeof stored === 'object') {
    const value = stored as Partial<Settings>;
    settings = { orgId: value.orgId ?? null, folderId: value.folderId ?? null, selectors: Array.isArray(value.selectors) ? value.selectors : [] };
  }
}

/**
 * The tab a capture starts on: the page under the popup; when the popup is not over a web page
 * (opened in a window of its own), the web page last in front in a normal window.
 */
async function findTargetTab(): Promise<chrome.tabs.Tab | undefined> {
  const isWeb = (tab: chrome.tabs.Tab | undefined): tab is chrome.tabs.Tab => tab?.id !== undefined && /^https?:/.test(tab.url ?? '');
  const [active] = await chrome.tabs.query({ active: true, currentWindow: true });
  if (isWeb(active)) return active;
  const last = await send<number | null>({ type: 'popup/lastWebTab' });
  const remembered = typeof last === 'number' ? await chrome.tabs.get(last).catch(() => undefined) : undefined;
  if (isWeb(remembered)) return remembered;
  const fronts = (await chrome.tabs.query({ active: true, windowType: 'normal' })).filter(isWeb);
  return fronts.sort((a, b) => (b.lastAccessed ?? 0) - (a.lastAccessed ?? 0))[0];
}

async function loadAccount(): Promise<void> {
  session = await Api.getSession().catch(() => null);
  if (!session) return;
  organizations = await Api.listOrganizations().catch(() => []);
  const active = session.session.activeOrganizationId ?? null;
  const wanted = organizations.find((o) => o.id === settings.orgId)?.id ?? active ?? organizations[0]?.id ?? null;
  if (wanted && wanted !== active) await Api.setActiveOrganization(wanted).catch(() => undefined);
  settings.orgId = wanted;
  folders = await Api.listFolders().catch(() => []);
  if (settings.folderId && !folders.some((f) => f.id === settings.folderId)) settings.folderId = null;
  await saveSettings({});
}

function render(): void {
  view.replaceChildren();
  if (!loaded) {
    view.append(h('div', { class: 'loading', role: 'status' }, h('span', { class: 'spinner', 'aria-hidden': 'true' }), 'Loading…'));
  } else if (worker.recording) {
    renderRecording(worker.recording);
  } else if (!session) {
    renderSignedOut();
  } else {
    renderReady(session);
  }
  renderCaptures();
}

function renderSignedOut(): void {
  const openAuth = (mode: 'sign-in' | 'sign-up') => () => void send({ type: 'popup/openAuth', returnTabId: targetTab?.id ?? null, mode }).then(() => window.close());
  view.append(
    h('h1', {}, 'Turn any flow into a guide'),
    h('p', { class: 'lead' }, 'Click through your web app as usual. Stepcast captures each step with a screenshot, writes the instructions and covers passwords and emails.'),
    h('button', { type: 'button', class: 'button primary block', onclick: openAuth('sign-in') }, 'Sign in to Stepcast'),
    h('p', { class: 'hint center-text' }, 'New to Stepcast? ', h('button', { type: 'button', class: 'link', onclick: openAuth('sign-up') }, 'Create a free account'), ' — you come back here after signing in.'),
  );
}

function renderReady(current: NonNullable<Api.Session>): void {
  const orgSelect = h('select', { id: 'org' });
  for (const org of organizations) orgSelect.append(h('option', { value: org.id, ...(org.id === settings.orgId ? { selected: true } : {}) }, org.name));
  orgSelect.addEventListener('change', () => {
    void (async () => {
      await Api.setActiveOrganization(orgSelect.value).catch(() => undefined);
      await saveSettings({ orgId: orgSelect.value, folderId: null });
      folders = await Api.listFolders().catch(() => []);
      render();
    })();
  });
  const folderSelect = h('select', { id: 'folder' }, h('option', { value: '' }, 'All guides (no folder)'));
  for (const folder of folders) folderSelect.append(h('option', { value: folder.id, ...(folder.id === settings.folderId ? { selected: true } : {}) }, folder.name));
  folderSelect.addEventListener('change', () => void saveSettings({ folderId: folderSelect.value || null }));

  const limitNote = h('p', { class: 'hint', id: 'selectors-limit', role: 'status' }, `Up to ${MAX_AUTHOR_SELECTORS} selectors of up to ${MAX_AUTHOR_SELECTOR_LENGTH} characters.`);
  const selectors = h('textarea', { id: 'selectors', spellcheck: 'false', placeholder: '.account-balance\n#customer-id', 'aria-describedby': 'selectors-limit' });
  selectors.value = settings.selectors.join('\n');
  selectors.addEventListener('change', () => {
    const kept = parseAuthorSelectors(selectors.value);
    const given = new Set(selectors.value.split(/\r?\n/).map((line) => line.trim()).filter(Boolean)).size;
    // A limit said when it bites: the selectors past it are not used, and the author is told.
    limitNote.textContent =
      given > kept.length
        ? `${given - kept.length} ${given - kept.length === 1 ? 'selector was' : 'selectors were'} left out: up to ${MAX_AUTHOR_SELECTORS} selectors of up to ${MAX_AUTHOR_SELECTOR_LENGTH} characters are used.`
        : `Up to ${MAX_AUTHOR_SELECTORS} selectors of up to ${MAX_AUTHOR_SELECTOR_LENGTH} characters.`;
    void saveSettings({ selectors: kept });
  });
  const hide = h(
    'details',
    settings.selectors.length ? { open: true } : {},
    summary('Hide more on screen'),
    h(
      'div',
      { class: 'field' },
      h('label', { for: 'selectors' }, 'CSS selectors, one per line'),
      selectors,
      limitNote,
      h('p', { class: 'hint' }, 'Passwords, emails, phone numbers, card details, one-time codes and anything marked data-redact are always covered before upload.'),
    ),
  );
  const note = privacyNote(current.user.blurPersonalData);
  const privacy = h(
    'details',
    { class: 'privacy' },
    h('summary', {}, 'What is and is not recorded'),
    h('p', { class: 'hint' }, note.recorded),
    h('p', { class: 'hint' }, note.notRecorded),
    h('p', { class: 'hint' }, note.covered),
    h('p', { class: 'hint' }, note.personal),
    h('p', { class: 'hint' }, note.gaps),
  );

  const canStart = targetTab !== undefined;
  const start = h('button', { type: 'button', class: 'button primary block start', ...(canStart ? {} : { disabled: true }) }, h('span', { class: 'rec', 'aria-hidden': 'true' }), 'Start capture');
  start.addEventListener('click', () => {
    void (async () => {
      if (!targetTab?.id) return;
      start.setAttribute('disabled', '');
      const result = await send<{ ok: boolean; message?: string }>({ type: 'popup/start', tabId: targetTab.id, orgId: settings.orgId, folderId: settings.folderId });
      if (!result?.ok) {
        startError = result?.message ?? 'The capture could not start.';
        render();
        return;
      }
      // Back to the page being captured; a popup closes on its own when the page is clicked.
      await chrome.tabs.update(targetTab.id, { active: true }).catch(() => undefined);
    })();
  });

  append(
    view,
    h(
      'div',
      { class: 'who' },
      h('span', { class: 'avatar', 'aria-hidden': 'true' }, initials(current.user.name)),
      h('div', { class: 'who-text' }, h('div', { class: 'who-label' }, 'Signed in as'), h('div', { class: 'who-name' }, current.user.name), h('div', { class: 'who-email', title: current.user.email }, current.user.email)),
    ),
    organizations.length > 1
      ? h('div', { class: 'field' }, h('label', { for: 'org' }, 'Organisation'), orgSelect)
      : h('div', { class: 'field' }, h('span', { class: 'label', id: 'org-label' }, 'Organisation'), staticValue(ICONS.building, organizations[0]?.name ?? '—', 'org-label')),
    h('div', { class: 'field' }, h('label', { for: 'folder' }, 'Save to'), folderSelect),
    hide,
    startError ? h('p', { class: 'note error', role: 'alert' }, startError) : null,
    canStart ? null : h('p', { class: 'note' }, 'Open the web page you want to capture, then start.'),
    start,
    h('p', { class: 'shortcut' }, 'or press', h('kbd', {}, SHORTCUT), 'on any page'),
    h('p', { class: 'hint privacy-line' }, note.personal),
    privacy,
    canStart ? signInSection() : null,
  );
}

/** Saves the sign-in of the page in front for drift checks of guides of that site. */
function signInSection(): HTMLElement {
  const button = h('button', { type: 'button', class: 'button secondary block' }, 'Save sign-in for checks');
  button.addEventListener('click', () => {
    void (async () => {
      if (!targetTab?.url) return;
      button.setAttribute('disabled', '');
      signInNote = await saveSignIn(targetTab.url);
      render();
    })();
  });
  return h(
    'details',
    signInNote ? { open: true } : {},
    summary('App behind a sign-in?'),
    h('p', { class: 'hint' }, 'Drift checks replay your guides in the live app. Save this site’s sign-in (its cookies only, encrypted, kept 30 days) so they see what you see.'),
    button,
    h('p', { role: 'status', class: signInNote && !signInNote.ok ? 'note error' : 'hint' }, signInNote?.message ?? ''),
  );
}

function renderRecording(recording: NonNullable<WorkerState['recording']>): void {
  const control = (action: 'pause' | 'resume' | 'discardLast' | 'stop' | 'cancel') => () => void send({ type: 'popup/control', action });
  view.append(
    h(
      'div',
      { class: 'recording' },
      h('span', { class: `recording-state${recording.paused ? ' paused' : ''}` }, h('span', { class: 'dot', 'aria-hidden': 'true' }), recording.paused ? 'Paused' : 'Recording'),
      h('span', { class: 'count', id: 'step-count' }, String(recording.stepCount), ' ', h('small', {}, recording.stepCount === 1 ? 'step' : 'steps')),
      h('p', { class: 'hint' }, recordingNote(recording.blurPersonalData)),
      ...(recording.problem ? [h('p', { class: 'problem', role: 'status' }, heldNote(recording.problem))] : []),
    ),
    h(
      'div',
      { class: 'row' },
      iconButton(recording.paused ? ICONS.resume : ICONS.pause, recording.paused ? 'Resume' : 'Pause', 'secondary', control(recording.paused ? 'resume' : 'pause')),
      iconButton(ICONS.undo, 'Discard last', 'secondary', control('discardLast')),
    ),
    iconButton(ICONS.stop, 'Stop and create guide', 'primary block', control('stop')),
    h('div', { class: 'center' }, h('button', { type: 'button', class: 'button ghost danger', onclick: control('cancel') }, 'Cancel capture')),
  );
}

/** Why the guide is not being built while recording: the steps are kept, and Stop tries again. */
function heldNote(problem: { code: string; message: string }): string {
  if (problem.code === 'plan_limit') return 'Your plan’s guide limit is reached: the steps are kept on this computer. Upgrade, then stop to create the guide.';
  if (problem.code === 'unauthorized') return 'Signed out of Stepcast: the steps are kept on this computer. Sign in again, then stop to create the guide.';
  return `${problem.message} The steps are kept on this computer.`;
}

function captureLine(capture: CaptureSummary): string {
  const steps = `${capture.stepCount} ${capture.stepCount === 1 ? 'step' : 'steps'}`;
  if (capture.status === 'interrupted') return `${steps} · interrupted`;
  if (capture.status === 'blocked') return `${steps} · waiting`;
  if (capture.progress) return `${steps} · uploading ${Math.round(capture.progress.fraction * 100)}%`;
  return steps;
}

function renderCaptures(): void {
  const pending = worker.captures.filter((c) => c.status !== 'recording' && c.status !== 'done');
  capturesSection.hidden = pending.length === 0;
  capturesSection.replaceChildren();
  if (pending.length === 0) return;
  capturesSection.append(h('h2', {}, 'Not yet in Stepcast'));
  for (const capture of pending) {
    const item = h('article', { class: 'capture', 'aria-label': capture.title }, h('div', { class: 'capture-head' }, h('span', { class: 'capture-title', title: capture.title }, capture.title), h('span', { class: 'capture-meta' }, captureLine(capture))));
    if (capture.status === 'ready' && capture.progress) {
      const bar = h('div', { class: 'progress', role: 'progressbar', 'aria-label': `Uploading ${capture.title}`, 'aria-valuemin': '0', 'aria-valuemax': '100', 'aria-valuenow': String(Math.round(capture.progress.fraction * 100)) }, h('span', { style: `width: ${Math.round(capture.progress.fraction * 100)}%` }));
      item.append(bar);
      if (capture.problem) item.append(h('p', { class: 'hint' }, capture.problem.message));
    }
    if (capture.problem && capture.status === 'blocked') {
      if (capture.problem.code === 'plan_limit') {
        item.append(h('p', { class: 'problem' }, 'Your plan’s guide limit is reached. Upgrade, then retry: this capture is kept. ', h('a', { href: appUrl('/?subscribe=true'), target: '_blank', rel: 'noopener' }, 'See plans')));
      } else if (capture.problem.code === 'unauthorized') {
        item.append(h('p', { class: 'problem' }, 'Sign in to Stepcast again, then retry.'));
      } else {
        item.append(h('p', { class: 'problem' }, capture.problem.message));
      }
    }
    if (capture.status === 'interrupted') item.append(h('p', { class: 'hint' }, 'The browser closed while recording. The steps so far are saved.'));
    if (capture.unlocatedSteps > 0) {
      item.append(h('p', { class: 'note' }, `${capture.unlocatedSteps} ${capture.unlocatedSteps === 1 ? 'step was' : 'steps were'} inside an embedded frame from another site: its click point is unknown and sensitive fields in it could not be covered. Review those screenshots.`));
    }
    const actions = h('div', { class: 'actions' });
    if (capture.status === 'blocked' || capture.status === 'interrupted') {
      actions.append(h('button', { type: 'button', class: 'button primary', onclick: () => void send({ type: 'popup/retry', captureId: capture.id }) }, capture.status === 'interrupted' ? 'Upload' : 'Retry'));
    }
    actions.append(
      h(
        'button',
        {
          type: 'button',
          class: 'button ghost danger',
          onclick: () => {
            if (window.confirm(`Discard “${capture.title}”? Its ${capture.stepCount} steps are deleted from this computer.`)) void send({ type: 'popup/discard', captureId: capture.id });
          },
        },
        'Discard',
      ),
    );
    item.append(actions);
    capturesSection.append(item);
  }
}

async function main(): Promise<void> {
  const port = chrome.runtime.connect({ name: 'popup' });
  port.onMessage.addListener((state) => {
    const previous = worker.recording;
    worker = state as WorkerState;
    if (!loaded) return;
    // Progress alone redraws only the list, so a half-typed selector is not lost.
    if (JSON.stringify(previous) === JSON.stringify(worker.recording)) renderCaptures();
    else render();
  });
  await loadSettings();
  [targetTab] = await Promise.all([findTargetTab(), loadAccount()]);
  loaded = true;
  render();
}

void main();
