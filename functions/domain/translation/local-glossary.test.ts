import { describe, expect, it } from 'vitest';
import { localGlossary } from './local-glossary';
import { providerName } from './provider';

const translate = async (text: string, target: string) => (await localGlossary.translate({ texts: [text], source: 'en-US', target }))[0]!;

describe('local glossary provider', () => {
  it.each([
    { target: 'es', text: 'Click **Save**', expected: 'Haz clic en **Save**' },
    { target: 'fr', text: 'Click **Save**', expected: 'Cliquez sur **Save**' },
    { target: 'de', text: 'Click **Save**', expected: 'Klicken Sie auf **Save**' },
    { target: 'es', text: 'Select **Admin** in **Role**', expected: 'Selecciona **Admin** en **Role**' },
    { target: 'es', text: 'Go to the Billing page.', expected: 'Ve a la página Billing.' },
    { target: 'fr', text: 'Click the Invite button.', expected: 'Cliquez sur le bouton Invite.' },
    { target: 'de', text: 'Choose an option from the Country list.', expected: 'Wählen Sie eine Option aus der Liste Country.' },
    { target: 'es', text: "In this guide you'll walk through 3 steps in Acme.", expected: 'En esta guía recorrerás 3 pasos en Acme.' },
    { target: 'fr', text: "That's it: you've seen every step.", expected: "C'est tout : vous avez vu toutes les étapes." },
    { target: 'de', text: 'Next, type in **Email**', expected: 'Als Nächstes tippen Sie in **Email**' },
  ])('$target: "$text" → "$expected"', async ({ text, target, expected }) => {
    expect(await translate(text, target)).toEqual({ text: expected, needsReview: false });
  });

  it('is deterministic: the same text gives the same words', async () => {
    expect(await translate('Open the Settings tab.', 'es')).toEqual(await translate('Open the Settings tab.', 'es'));
  });

  it('keeps a sentence with a word it does not know whole in the original, and flags it: never a mixed sentence', async () => {
    expect(await translate('Click the button to reconcile invoices.', 'es')).toEqual({ text: 'Click the button to reconcile invoices.', needsReview: true });
  });

  // What the offline glossary once wrote: "Start en Acme CRM … de el sidebar".
  it.each([
    { target: 'es', text: 'Start in Acme CRM and open the menu of the sidebar.' },
    { target: 'fr', text: 'Start in Acme CRM and open the menu of the sidebar.' },
    { target: 'de', text: 'Start in Acme CRM and open the menu of the sidebar.' },
    { target: 'es', text: 'Open the Reports tab to see last quarter.' },
    { target: 'de', text: 'Type your name, then press Enter.' },
  ])('$target: "$text" stays whole, flagged', async ({ text, target }) => {
    expect(await translate(text, target)).toEqual({ text, needsReview: true });
  });

  it('translates each sentence it knows whole and keeps the others whole', async () => {
    expect(await translate('Click **Save**. Then reconcile the invoices.', 'es')).toEqual({ text: 'Haz clic en **Save**. Then reconcile the invoices.', needsReview: true });
    expect(await translate('Open the Settings tab.\nClick **Invite**.', 'fr')).toEqual({ text: "Ouvrez l'onglet Settings.\nCliquez sur **Invite**.", needsReview: false });
  });

  it('translates the words a phrase carries when they are words, not a name, and keeps a name as it is', async () => {
    expect(await translate('Click the save button.', 'es')).toEqual({ text: 'Haz clic en el botón guardar.', needsReview: false });
    expect(await translate('Open the settings page.', 'de')).toEqual({ text: 'Öffnen Sie die Seite Einstellungen.', needsReview: false });
    expect(await translate('Click the Save changes button.', 'fr')).toEqual({ text: 'Cliquez sur le bouton Save changes.', needsReview: false });
    expect(await translate('Click the frobnicate button.', 'es')).toEqual({ text: 'Click the frobnicate button.', needsReview: true });
  });

  it('joins the articles the way the language writes them', async () => {
    expect(await translate('Click the Save button of the form.', 'es')).toEqual({ text: 'Haz clic en el botón Save del formulario.', needsReview: false });
    expect(await translate('Click the Save button of the form.', 'fr')).toEqual({ text: 'Cliquez sur le bouton Save du formulaire.', needsReview: false });
  });

  it('leaves a language without a glossary as it is, flagged, and an empty text as empty', async () => {
    expect(await translate('Click **Save**', 'it')).toEqual({ text: 'Click **Save**', needsReview: true });
    expect(await translate('  ', 'es')).toEqual({ text: '  ', needsReview: false });
  });
});

describe('translation provider choice', () => {
  it('is the local glossary by default, Amazon Translate in a Lambda or when configured', () => {
    expect(providerName({})).toBe('local');
    expect(providerName({ AWS_LAMBDA_FUNCTION_NAME: 'stepcast-translation' })).toBe('amazon-translate');
    expect(providerName({ TRANSLATION_PROVIDER: 'amazon-translate' })).toBe('amazon-translate');
    expect(providerName({ TRANSLATION_PROVIDER: 'local', AWS_LAMBDA_FUNCTION_NAME: 'x' })).toBe('local');
  });
});
