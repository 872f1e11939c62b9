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

  it('keeps words it does not know, and flags the step for review', async () => {
    expect(await translate('Click the button to reconcile invoices.', 'es')).toEqual({ text: 'Haz clic en el botón a reconcile invoices.', needsReview: true });
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
