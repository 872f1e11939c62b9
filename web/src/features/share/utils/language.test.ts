import { describe, expect, it } from 'vitest';
import { searchWithLanguage, viewerLanguage } from './language';

const guide = {
  language: 'en-US',
  languages: [
    { code: 'en-US', name: 'English' },
    { code: 'es', name: 'Español' },
    { code: 'fr', name: 'Français' },
  ],
};

describe('viewerLanguage', () => {
  it('takes the browser language when the guide has it', () => {
    expect(viewerLanguage(guide, null, ['es-ES', 'en'])).toBe('es');
  });
  it('follows ?lang= over the browser, back to the original too', () => {
    expect(viewerLanguage(guide, 'fr', ['es-ES'])).toBe('fr');
    expect(viewerLanguage(guide, 'en', ['es-ES'])).toBe('en-US');
  });
  it('keeps the original when neither is one of the guide’s languages', () => {
    expect(viewerLanguage(guide, 'ja', ['de-DE'])).toBe('en-US');
    expect(viewerLanguage({ language: 'en-US', languages: [] }, null, ['es'])).toBe('en-US');
  });
});

it('sets ?lang= and keeps the rest of the search', () => {
  expect(searchWithLanguage('?step=2&lang=fr', 'es').toString()).toBe('step=2&lang=es');
});
