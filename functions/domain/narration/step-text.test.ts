import { describe, expect, it } from 'vitest';
import { cleanName, effectiveRole, stepText, type StepMeta } from './step-text';

/** Real-world element shapes, as the extension describes them, and the words they become. */
const SHAPES: Array<{ name: string; meta: StepMeta; text: string; narration: string }> = [
  // buttons
  { name: 'a button with text', meta: { action: 'click', element: { tag: 'button', name: 'Save changes' } }, text: 'Click **Save changes**', narration: 'Click the Save changes button.' },
  { name: 'a submit input named by its value', meta: { action: 'click', element: { tag: 'input', type: 'submit', name: 'Create account' } }, text: 'Click **Create account**', narration: 'Click the Create account button.' },
  { name: 'an icon-only button with aria-label', meta: { action: 'click', element: { tag: 'button', name: 'Copy API key' } }, text: 'Click **Copy API key**', narration: 'Click the Copy API key button.' },
  { name: 'an icon-only button with only a title', meta: { action: 'click', element: { tag: 'button', title: 'More actions' } }, text: 'Click **More actions**', narration: 'Click the More actions button.' },
  { name: 'an icon-only button with nothing to name it', meta: { action: 'click', element: { tag: 'button' } }, text: 'Click the button', narration: 'Click the button.' },
  { name: 'a div with role=button', meta: { action: 'click', element: { tag: 'div', role: 'button', name: 'New task' } }, text: 'Click **New task**', narration: 'Click the New task button.' },
  { name: 'a button whose name ends in "button"', meta: { action: 'click', element: { tag: 'button', name: 'Upgrade button' } }, text: 'Click **Upgrade button**', narration: 'Click the Upgrade button.' },
  { name: 'an image button named by alt', meta: { action: 'click', element: { tag: 'input', type: 'image', alt: 'Search' } }, text: 'Click **Search**', narration: 'Click the Search button.' },
  { name: 'a details summary', meta: { action: 'click', element: { tag: 'summary', name: 'Advanced options' } }, text: 'Click **Advanced options**', narration: 'Click the Advanced options button.' },
  { name: 'a button with a multi-line label', meta: { action: 'click', element: { tag: 'button', name: '  Send\n      reply  ' } }, text: 'Click **Send reply**', narration: 'Click the Send reply button.' },
  // links and tabs
  { name: 'a link', meta: { action: 'click', element: { tag: 'a', name: 'Settings' } }, text: 'Open **Settings**', narration: 'Open Settings.' },
  { name: 'a link named by an image alt', meta: { action: 'click', element: { tag: 'a', alt: 'Brightkey home' } }, text: 'Open **Brightkey home**', narration: 'Open Brightkey home.' },
  { name: 'a link with no name', meta: { action: 'click', element: { tag: 'a' } }, text: 'Open the link', narration: 'Open the link.' },
  { name: 'a tab', meta: { action: 'click', element: { tag: 'button', role: 'tab', name: 'Notifications' } }, text: 'Open **Notifications**', narration: 'Open the Notifications tab.' },
  { name: 'a tab with no name', meta: { action: 'click', element: { tag: 'div', role: 'tab' } }, text: 'Open the tab', narration: 'Open the tab.' },
  { name: 'a nav link with an explicit role list', meta: { action: 'click', element: { tag: 'span', role: 'link menuitem', name: 'Audit log' } }, text: 'Open **Audit log**', narration: 'Open Audit log.' },
  // checkboxes, switches, radios
  { name: 'a checkbox being checked', meta: { action: 'click', element: { tag: 'input', type: 'checkbox', name: 'Remember me', checked: true } }, text: 'Check **Remember me**', narration: 'Check the Remember me box.' },
  { name: 'a checkbox being unchecked', meta: { action: 'click', element: { tag: 'input', type: 'checkbox', name: 'Weekly summary', checked: false } }, text: 'Uncheck **Weekly summary**', narration: 'Uncheck the Weekly summary box.' },
  { name: 'an ARIA checkbox', meta: { action: 'click', element: { tag: 'div', role: 'checkbox', name: 'Subscribe to newsletter', checked: true } }, text: 'Check **Subscribe to newsletter**', narration: 'Check the Subscribe to newsletter box.' },
  { name: 'a switch turned on', meta: { action: 'click', element: { tag: 'button', role: 'switch', name: 'Dark mode', checked: true } }, text: 'Turn on **Dark mode**', narration: 'Turn on Dark mode.' },
  { name: 'a switch turned off', meta: { action: 'click', element: { tag: 'button', role: 'switch', name: 'Two-step verification', checked: false } }, text: 'Turn off **Two-step verification**', narration: 'Turn off Two-step verification.' },
  { name: 'a radio', meta: { action: 'click', element: { tag: 'input', type: 'radio', name: 'Annual billing', checked: true } }, text: 'Select **Annual billing**', narration: 'Choose Annual billing.' },
  { name: 'a listbox option', meta: { action: 'click', element: { tag: 'li', role: 'option', name: 'Maya Patel' } }, text: 'Select **Maya Patel**', narration: 'Choose Maya Patel.' },
  { name: 'a menu item', meta: { action: 'click', element: { tag: 'div', role: 'menuitem', name: 'Duplicate' } }, text: 'Click **Duplicate**', narration: 'Click the Duplicate menu item.' },
  { name: 'a tree item', meta: { action: 'click', element: { tag: 'li', role: 'treeitem', name: 'Invoices' } }, text: 'Select **Invoices**', narration: 'Choose Invoices.' },
  // selects
  { name: 'a select with a label', meta: { action: 'select', element: { tag: 'select', name: 'Country' }, option: 'Germany' }, text: 'Select **Germany** in **Country**', narration: 'Choose Germany from the Country list.' },
  { name: 'a select named by aria-label', meta: { action: 'select', element: { tag: 'select', role: 'combobox', name: 'Status' }, option: 'Solved' }, text: 'Select **Solved** in **Status**', narration: 'Choose Solved from the Status list.' },
  { name: 'a select with no label', meta: { action: 'select', element: { tag: 'select' }, option: 'English (UK)' }, text: 'Select **English (UK)**', narration: 'Choose English (UK).' },
  { name: 'a select whose option has no text', meta: { action: 'select', element: { tag: 'select', name: 'Time zone' }, option: '  ' }, text: 'Select an option in **Time zone**', narration: 'Choose an option from the Time zone list.' },
  { name: 'a redacted select never names its option', meta: { action: 'select', element: { tag: 'select', name: 'Expiry month', redacted: true }, option: '04' }, text: 'Select an option in **Expiry month**', narration: 'Choose an option from the Expiry month list.' },
  // typing
  { name: 'a labelled text field', meta: { action: 'type', element: { tag: 'input', type: 'text', name: 'Full name' } }, text: 'Type in **Full name**', narration: 'Type in the Full name field.' },
  { name: 'an email field (redacted, named by its label)', meta: { action: 'type', element: { tag: 'input', type: 'email', name: 'Work email', redacted: true } }, text: 'Type in **Work email**', narration: 'Type in the Work email field.' },
  { name: 'a password field', meta: { action: 'type', element: { tag: 'input', type: 'password', name: 'Password', redacted: true } }, text: 'Type in **Password**', narration: 'Type in the Password field.' },
  { name: 'a search field', meta: { action: 'type', element: { tag: 'input', type: 'search', name: 'Search' } }, text: 'Type in **Search**', narration: 'Type in the Search field.' },
  { name: 'a field named only by its placeholder', meta: { action: 'type', element: { tag: 'input', type: 'text', placeholder: 'you@company.com' } }, text: 'Type in **you@company.com**', narration: 'Type in the you@company.com field.' },
  { name: 'a field named by a nearby label', meta: { action: 'type', element: { tag: 'input', label: 'Company:', placeholder: 'Acme Inc.' } }, text: 'Type in **Company**', narration: 'Type in the Company field.' },
  { name: 'a required field with an asterisk', meta: { action: 'type', element: { tag: 'input', label: 'Email *' } }, text: 'Type in **Email**', narration: 'Type in the Email field.' },
  { name: 'a textarea', meta: { action: 'type', element: { tag: 'textarea', name: 'Reply' } }, text: 'Type in **Reply**', narration: 'Type in the Reply field.' },
  { name: 'a contenteditable editor', meta: { action: 'type', element: { tag: 'div', role: 'textbox', name: 'Message body' } }, text: 'Type in **Message body**', narration: 'Type in the Message body field.' },
  { name: 'a number field', meta: { action: 'type', element: { tag: 'input', type: 'number', name: 'Quantity in stock' } }, text: 'Type in **Quantity in stock**', narration: 'Type in the Quantity in stock field.' },
  { name: 'a date field named by title', meta: { action: 'type', element: { tag: 'input', type: 'date', title: 'Due date' } }, text: 'Type in **Due date**', narration: 'Type in the Due date field.' },
  { name: 'a field with no name at all', meta: { action: 'type', element: { tag: 'input', type: 'text' } }, text: 'Type in the field', narration: 'Type in the field.' },
  { name: 'a redacted field with no name', meta: { action: 'type', element: { tag: 'input', type: 'password', redacted: true } }, text: 'Type in the hidden field', narration: 'Type in the hidden field.' },
  { name: 'a click into a text field', meta: { action: 'click', element: { tag: 'input', type: 'text', name: 'Title' } }, text: 'Click in **Title**', narration: 'Click in the Title field.' },
  // generic elements
  { name: 'a card named by its text', meta: { action: 'click', element: { tag: 'div', text: 'Update onboarding checklist copy' } }, text: 'Click **Update onboarding checklist copy**', narration: 'Click Update onboarding checklist copy.' },
  { name: 'a long text snippet is cut at a word', meta: { action: 'click', element: { tag: 'div', text: 'Thanks for flagging this, Hana! The export bug is fixed and CSV downloads work again.' } }, text: 'Click **Thanks for flagging this, Hana! The export bug is fixed and…**', narration: 'Click Thanks for flagging this, Hana! The export bug is fixed and…' },
  { name: 'a redacted element is never named by its text', meta: { action: 'click', element: { tag: 'code', text: 'bk_live_7Qm2x9Vd4LpZr8TnYc3Hs6Wf', redacted: true } }, text: 'Click the hidden field', narration: 'Click the hidden field.' },
  { name: 'a redacted element keeps its aria-label', meta: { action: 'click', element: { tag: 'div', title: 'API key', text: 'bk_live_secret', redacted: true } }, text: 'Click **API key**', narration: 'Click API key.' },
  { name: 'an image', meta: { action: 'click', element: { tag: 'img', alt: 'Team photo' } }, text: 'Click **Team photo**', narration: 'Click Team photo.' },
  { name: 'an image with no alt', meta: { action: 'click', element: { tag: 'img' } }, text: 'Click the image', narration: 'Click the image.' },
  { name: 'a heading', meta: { action: 'click', element: { tag: 'h2', text: 'API key' } }, text: 'Click **API key**', narration: 'Click API key.' },
  { name: 'a grid cell', meta: { action: 'click', element: { tag: 'td', role: 'gridcell', name: 'INV-0042' } }, text: 'Click **INV-0042**', narration: 'Click INV-0042.' },
  { name: 'a role of presentation falls back to the tag', meta: { action: 'click', element: { tag: 'a', role: 'presentation', name: 'Help' } }, text: 'Open **Help**', narration: 'Open Help.' },
  { name: 'a span with nothing to name it', meta: { action: 'click', element: { tag: 'span' } }, text: 'Click the element', narration: 'Click the element.' },
  { name: 'markdown characters in a name are dropped', meta: { action: 'click', element: { tag: 'button', name: '**Bold** `move`' } }, text: 'Click **Bold move**', narration: 'Click the Bold move button.' },
  { name: 'a name in another script', meta: { action: 'click', element: { tag: 'button', name: 'Änderungen speichern' } }, text: 'Click **Änderungen speichern**', narration: 'Click the Änderungen speichern button.' },
  // navigations without a click
  { name: 'an address-bar navigation with a title', meta: { action: 'navigate', page: { title: 'Settings · Brightkey', url: 'https://app.brightkey.example/settings' } }, text: 'Go to **Settings · Brightkey**', narration: 'Go to the Settings · Brightkey page.' },
  { name: 'an address-bar navigation with no title', meta: { action: 'navigate', page: { url: 'https://app.brightkey.example/settings' } }, text: 'Go to **app.brightkey.example**', narration: 'Go to app.brightkey.example.' },
  { name: 'a navigation with nothing known', meta: { action: 'navigate', page: { url: 'not a url' } }, text: 'Go to the next page', narration: 'Go to the next page.' },
];

describe('step text', () => {
  it('covers at least 40 element shapes', () => {
    expect(SHAPES.length).toBeGreaterThanOrEqual(40);
  });

  it.each(SHAPES)('$name → $text', ({ meta, text, narration }) => {
    expect(stepText(meta)).toEqual({ text, narration });
  });

  it('narration never contains markdown', () => {
    for (const { meta } of SHAPES) expect(stepText(meta).narration).not.toMatch(/[*`]/);
  });

  it('is deterministic', () => {
    for (const { meta } of SHAPES) expect(stepText(meta)).toEqual(stepText(structuredClone(meta)));
  });
});

describe('names and roles', () => {
  it('cleans labels: whitespace, trailing colon, asterisk', () => {
    expect(cleanName('  Email address:  ')).toBe('Email address');
    expect(cleanName('Password *')).toBe('Password');
    expect(cleanName(null)).toBe('');
  });

  it('derives implicit roles from tag and type', () => {
    expect(effectiveRole({ tag: 'input', type: 'checkbox' })).toBe('checkbox');
    expect(effectiveRole({ tag: 'input', type: 'reset' })).toBe('button');
    expect(effectiveRole({ tag: 'select' })).toBe('combobox');
    expect(effectiveRole({ tag: 'h3' })).toBe('heading');
    expect(effectiveRole({ tag: 'div', role: 'none' })).toBe('');
  });
});
