import { describe, expect, it } from 'vitest';
import type { CaptureMeta } from '#shared/capture';
import { pageNames, taskFromName, taskOf, writeTranscript } from './local-transcript';

/**
 * The guide-level half of the local transcript: titles from the task, intros and outros, and the
 * spoken lines of whole flows from different kinds of apps (the per-step words are the table in
 * step-text.test.ts).
 */
const page = (title: string, path = '/') => ({ title, url: `https://app.example${path}` });
const click = (name: string, title: string, path?: string, role = 'button'): CaptureMeta => ({ action: 'click', element: { tag: role === 'link' ? 'a' : 'button', role, name }, page: page(title, path) });
const type = (name: string, title: string, path?: string, redacted = false): CaptureMeta => ({ action: 'type', element: { tag: 'input', name, ...(redacted ? { redacted: true } : {}) }, page: page(title, path) });

const FLOWS: Array<{ app: string; steps: CaptureMeta[]; goal?: string; title: string; intro: string; outro: string; narrations: string[] }> = [
  {
    app: 'an admin console',
    steps: [click('Invite teammate', 'Members · Acme Admin', '/members'), type('Email', 'Invite · Acme Admin', '/invite', true), click('Send invitation', 'Invite · Acme Admin', '/invite')],
    title: 'Invite a teammate in Acme Admin',
    intro: "In this guide you'll invite a teammate in Acme Admin, in 3 steps.",
    outro: "That's it: now you know how to invite a teammate in Acme Admin.",
    narrations: ['On the Members page, click the Invite teammate button.', 'On the Invite page, type in the Email field.', 'Finally, click the Send invitation button.'],
  },
  {
    app: 'a CRM',
    steps: [click('New contact', 'Contacts · Acme CRM', '/contacts', 'link'), type('Full name', 'New contact · Acme CRM', '/new'), type('Phone', 'New contact · Acme CRM', '/new'), click('Save contact', 'New contact · Acme CRM', '/new')],
    title: 'Add a new contact in Acme CRM',
    intro: "In this guide you'll add a new contact in Acme CRM, in 4 steps.",
    outro: "That's it: now you know how to add a new contact in Acme CRM.",
    narrations: ['On the Contacts page, open New contact.', 'On the New contact page, type in the Full name field.', 'Then type in the Phone field.', 'Finally, click the Save contact button.'],
  },
  {
    app: 'an invoicing tool, with the author’s goal',
    goal: 'Send your first invoice',
    steps: [click('Invoices', 'Dashboard | Ledgerly', '/', 'link'), click('Send invoice', 'Invoices | Ledgerly', '/invoices')],
    title: 'Send your first invoice',
    intro: "In this guide you'll send your first invoice, in 2 steps.",
    outro: "That's it: now you know how to send your first invoice.",
    narrations: ['On the Dashboard page, open Invoices.', 'On the Invoices page, click the Send invoice button.'],
  },
  {
    app: 'a shop back office with a generic Save',
    steps: [click('Products', 'Home - Shipfast', '/', 'link'), type('Title', 'Edit product - Shipfast', '/edit'), click('Save', 'Edit product - Shipfast', '/edit')],
    title: 'Use Home in Shipfast',
    intro: "In this guide you'll walk through 3 steps in Shipfast.",
    outro: "That's it: you've seen every step.",
    narrations: ['On the Home page, open Products.', 'On the Edit product page, type in the Title field.', 'Finally, click the Save button.'],
  },
  {
    app: 'a page with no title at all',
    steps: [{ action: 'click', element: { tag: 'button' } }],
    title: 'A step-by-step guide',
    intro: "In this guide you'll walk through one step.",
    outro: "That's it: you've seen every step.",
    narrations: ['Click the button.'],
  },
];

describe('local transcript: whole guides', () => {
  it.each(FLOWS)('$app → "$title"', ({ steps, goal, title, intro, outro, narrations }) => {
    const transcript = writeTranscript({ goal, steps: steps.map((capture) => ({ capture })) });
    expect(transcript.title).toBe(title);
    expect(transcript.intro).toBe(intro);
    expect(transcript.outro).toBe(outro);
    expect(transcript.slides.map((s) => s.narration)).toEqual(narrations);
  });

  it('varies its connectives down a long guide and never repeats one twice in a row', () => {
    const steps = Array.from({ length: 8 }, (_, i) => ({ capture: type(`Field ${i + 1}`, 'Form · App', '/form') }));
    const openers = writeTranscript({ steps }).slides.map((s) => s.narration.split(' ')[0]);
    expect(openers).toEqual(['On', 'Next,', 'Then', 'Now', 'Next,', 'Then', 'Now', 'Finally,']);
    openers.forEach((word, i) => i > 0 && expect(word).not.toBe(openers[i - 1]));
  });

  it('never speaks a redacted element by its content, a typed value or a secret option', () => {
    const steps: CaptureMeta[] = [
      { action: 'click', element: { tag: 'code', text: 'sk_live_51Hsecret', redacted: true }, page: page('API keys · Brightkey') },
      { action: 'select', element: { tag: 'select', name: 'Card expiry', redacted: true }, option: '04/29', page: page('Billing · Brightkey') },
      type('Password', 'Sign in · Brightkey', '/login', true),
    ];
    const text = JSON.stringify(writeTranscript({ steps: steps.map((capture) => ({ capture })) }));
    expect(text).not.toMatch(/sk_live|04\/29/);
  });

  it('gives uploaded images (nothing captured) an editable sentence marked needs text', () => {
    const transcript = writeTranscript({ goal: 'Export a report', steps: [{ capture: null }, { capture: null }, { capture: null }] });
    expect(transcript.slides).toEqual([
      { text: 'Start on this screen', narration: 'To export a report, start on this screen.', needsText: true },
      { text: 'Continue on this screen', narration: 'Next, continue on this screen.', needsText: true },
      { text: 'Check the result', narration: 'Finally, check the result on this screen.', needsText: true },
    ]);
  });

  it('marks a captured step with nothing to name it as needing text', () => {
    const [slide] = writeTranscript({ steps: [{ capture: { action: 'click', element: { tag: 'span' } } }] }).slides;
    expect(slide).toMatchObject({ text: 'Click the element', needsText: true });
  });

  it('is deterministic', () => {
    const input = { steps: FLOWS[1]!.steps.map((capture) => ({ capture })) };
    expect(writeTranscript(input)).toEqual(writeTranscript(structuredClone(input)));
  });
});

describe('tasks and page names', () => {
  it.each([
    ['Invite teammate', 'invite a teammate'],
    ['New contact', 'add a new contact'],
    ['Create account', 'create an account'],
    ['Export reports', 'export reports'],
    ['Save', ''],
    ['Settings', ''],
    ['Add product', 'add a product'],
    ['Send your invoice', 'send your invoice'],
  ])('%s → "%s"', (name, task) => expect(taskFromName(name)).toBe(task));

  it('prefers the flow’s opening "new/add/create/invite" over its last button', () => {
    expect(taskOf([click('New task', 'Board'), click('Create task', 'Board')])).toBe('add a new task');
    expect(taskOf([click('Products', 'Home', '/', 'link'), click('Publish post', 'Editor')])).toBe('publish a post');
  });

  it.each([
    ['Contacts · Acme CRM', { page: 'Contacts', app: 'Acme CRM' }],
    ['Invoices | Ledgerly', { page: 'Invoices', app: 'Ledgerly' }],
    ['Edit product - Shipfast', { page: 'Edit product', app: 'Shipfast' }],
    ['Dashboard', { page: 'Dashboard', app: '' }],
    ['', { page: '', app: '' }],
  ])('%s → %o', (title, names) => expect(pageNames(title)).toEqual(names));
});
