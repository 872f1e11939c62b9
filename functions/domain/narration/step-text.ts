import type { CaptureAction, CaptureElement, CaptureMeta } from '#shared/capture';

/**
 * The words of one captured step, the core of the local transcript provider (local-transcript.ts):
 * short imperative step text ("Click **Save changes**") and a plain spoken line from what capture
 * recorded. The metadata is already redacted (the extension drops the value, text and option of
 * a sensitive element before upload); as a second line of defence, a step marked `redacted` is
 * never named from its text, alt or option here.
 */

export type StepAction = CaptureAction;
export type StepElement = CaptureElement;
/** One captured step as the generator reads it (shared/capture.ts CaptureMeta). */
export type StepMeta = Pick<CaptureMeta, 'action' | 'element' | 'option' | 'page'>;

export interface StepText {
  /** short imperative text with the target in **bold** markdown */
  text: string;
  /** one plain spoken sentence, no markdown */
  narration: string;
}

/** Names longer than this are cut at a word boundary with an ellipsis. */
export const MAX_NAME_LENGTH = 60;

const TEXT_INPUT_TYPES = new Set(['', 'text', 'email', 'password', 'search', 'tel', 'url', 'number', 'date', 'datetime-local', 'month', 'week', 'time']);
const BUTTON_INPUT_TYPES = new Set(['button', 'submit', 'reset', 'image']);

/** The noun a narration uses for an element of a role, and what a nameless step falls back to. */
const ROLE_NOUNS: Record<string, string> = {
  button: 'button',
  link: 'link',
  tab: 'tab',
  checkbox: 'checkbox',
  switch: 'switch',
  radio: 'option',
  textbox: 'field',
  searchbox: 'search field',
  combobox: 'list',
  listbox: 'list',
  option: 'option',
  menuitem: 'menu item',
  menuitemcheckbox: 'menu item',
  menuitemradio: 'menu item',
  treeitem: 'item',
  gridcell: 'cell',
  cell: 'cell',
  row: 'row',
  img: 'image',
  heading: 'heading',
  slider: 'slider',
  spinbutton: 'field',
  listitem: 'item',
};

/** Collapses whitespace, drops markdown emphasis characters and a trailing colon or asterisk. */
export function cleanName(raw: string | null | undefined): string {
  if (!raw) return '';
  let name = raw
    .replace(/[\s\u00a0\u200b]+/g, ' ')
    .replace(/[*`]/g, '')
    .trim()
    .replace(/\s*[:：]\s*$/, '')
    .trim();
  if (name.length > MAX_NAME_LENGTH) {
    const cut = name.slice(0, MAX_NAME_LENGTH);
    const space = cut.lastIndexOf(' ');
    name = `${(space > MAX_NAME_LENGTH / 2 ? cut.slice(0, space) : cut).replace(/[\s,.;:–-]+$/, '')}…`;
  }
  return name;
}

/** The element's role, implicit from its tag and type when no explicit role was found. */
export function effectiveRole(element: StepElement): string {
  const explicit = element.role?.trim().toLowerCase().split(/\s+/)[0];
  if (explicit && explicit !== 'presentation' && explicit !== 'none' && explicit !== 'generic') return explicit;
  const tag = element.tag.toLowerCase();
  const type = (element.type ?? '').toLowerCase();
  switch (tag) {
    case 'a':
      return 'link';
    case 'button':
    case 'summary':
      return 'button';
    case 'select':
      return 'combobox';
    case 'textarea':
      return 'textbox';
    case 'option':
      return 'option';
    case 'img':
      return 'img';
    case 'input':
      if (type === 'checkbox') return 'checkbox';
      if (type === 'radio') return 'radio';
      if (type === 'range') return 'slider';
      if (type === 'number') return 'spinbutton';
      if (type === 'search') return 'searchbox';
      if (BUTTON_INPUT_TYPES.has(type)) return 'button';
      if (TEXT_INPUT_TYPES.has(type)) return 'textbox';
      return 'textbox';
    default:
      return /^h[1-6]$/.test(tag) ? 'heading' : '';
  }
}

/**
 * The words that name the element: accessible name, then nearby label, placeholder, title,
 * alt, and a text snippet. A redacted element is never named by its alt or text.
 */
export function targetName(element: StepElement): string {
  const candidates = element.redacted
    ? [element.name, element.label, element.placeholder, element.title]
    : [element.name, element.label, element.placeholder, element.title, element.alt, element.text];
  for (const candidate of candidates) {
    const name = cleanName(candidate);
    if (name) return name;
  }
  return '';
}

function hostOf(url: string | null | undefined): string {
  if (!url) return '';
  try {
    const parsed = new URL(url);
    return parsed.host || parsed.protocol.replace(/:$/, '');
  } catch {
    return '';
  }
}

const bold = (name: string) => `**${name}**`;

/** Ends a spoken line with a full stop unless a name already ended it (a cut name ends in …). */
function sentence(line: string): string {
  return /[.!?…]$/.test(line) ? line : `${line}.`;
}

/** "the Save changes button", unless the name already says "button". */
function spokenTarget(name: string, noun: string): string {
  if (!noun) return name;
  return name.toLowerCase().endsWith(noun) ? `the ${name}` : `the ${name} ${noun}`;
}

function nameless(role: string, element: StepElement | null | undefined): string {
  if (element?.redacted) return 'hidden field';
  return ROLE_NOUNS[role] ?? (element?.tag === 'input' ? 'field' : 'element');
}

/** The step text and narration line for one captured step. */
export function stepText(meta: StepMeta): StepText {
  if (meta.action === 'navigate') {
    const title = cleanName(meta.page?.title);
    const where = title || hostOf(meta.page?.url);
    if (!where) return { text: 'Go to the next page', narration: sentence('Go to the next page') };
    return { text: `Go to ${bold(where)}`, narration: title ? `Go to the ${where} page.` : `Go to ${where}.` };
  }

  const element = meta.element ?? { tag: '' };
  const role = effectiveRole(element);
  const name = targetName(element);
  const noun = ROLE_NOUNS[role] ?? '';

  if (meta.action === 'type') {
    if (!name) return { text: `Type in the ${nameless(role, element)}`, narration: sentence(`Type in the ${nameless(role, element)}`) };
    return { text: `Type in ${bold(name)}`, narration: sentence(`Type in ${spokenTarget(name, 'field')}`) };
  }

  if (meta.action === 'select') {
    // The chosen option is content: a redacted list (a card's expiry month) never names it.
    const option = element.redacted ? '' : cleanName(meta.option);
    if (option && name) return { text: `Select ${bold(option)} in ${bold(name)}`, narration: sentence(`Choose ${option} from the ${name} list`) };
    if (option) return { text: `Select ${bold(option)}`, narration: sentence(`Choose ${option}`) };
    if (name) return { text: `Select an option in ${bold(name)}`, narration: sentence(`Choose an option from the ${name} list`) };
    return { text: 'Select an option', narration: sentence('Choose an option from the list') };
  }

  if (meta.action === 'submit') {
    if (name) return { text: `Click ${bold(name)}`, narration: sentence(`Click ${spokenTarget(name, noun || 'button')}`) };
    return { text: 'Submit the form', narration: 'Submit the form.' };
  }

  // click
  if (!name) {
    const what = nameless(role, element);
    const verb = role === 'link' || role === 'tab' ? 'Open' : 'Click';
    return { text: `${verb} the ${what}`, narration: sentence(`${verb} the ${what}`) };
  }
  switch (role) {
    case 'link':
      return { text: `Open ${bold(name)}`, narration: sentence(`Open ${name}`) };
    case 'tab':
      return { text: `Open ${bold(name)}`, narration: sentence(`Open the ${name} tab`) };
    case 'checkbox':
    case 'menuitemcheckbox': {
      const verb = element.checked === false ? 'Uncheck' : 'Check';
      return { text: `${verb} ${bold(name)}`, narration: sentence(`${verb} ${spokenTarget(name, role === 'checkbox' ? 'box' : '')}`) };
    }
    case 'switch': {
      const verb = element.checked === false ? 'Turn off' : 'Turn on';
      return { text: `${verb} ${bold(name)}`, narration: sentence(`${verb} ${name}`) };
    }
    case 'radio':
    case 'menuitemradio':
    case 'option':
    case 'treeitem':
      return { text: `Select ${bold(name)}`, narration: sentence(`Choose ${name}`) };
    case 'textbox':
    case 'searchbox':
    case 'spinbutton':
      return { text: `Click in ${bold(name)}`, narration: sentence(`Click in ${spokenTarget(name, 'field')}`) };
    case 'combobox':
    case 'listbox':
      return { text: `Open ${bold(name)}`, narration: sentence(`Open ${spokenTarget(name, 'list')}`) };
    case 'button':
    case 'menuitem':
      return { text: `Click ${bold(name)}`, narration: sentence(`Click ${spokenTarget(name, noun)}`) };
    default:
      return { text: `Click ${bold(name)}`, narration: sentence(`Click ${name}`) };
  }
}
