import { describe, expect, it } from 'vitest';
import { parseContentMessage } from './protocol';

describe('parseContentMessage', () => {
  it('keeps what finds a step’s element again (test id, id, field name, CSS path), so drift checks and Guide me get them', () => {
    const element = { tag: 'input', role: 'textbox', name: 'Email', type: 'email', redacted: true, testId: 'email', elementId: 'email', fieldName: 'email', cssPath: '#email' };
    const parsed = parseContentMessage({
      type: 'step',
      pressId: null,
      action: 'type',
      target: { element, box: { x: 1, y: 2, width: 3, height: 4 } },
      point: null,
      viewportWidth: 1280,
      page: { title: 'New contact', url: 'https://app.example.com/contacts/new' },
    });
    expect(parsed).toMatchObject({ type: 'step', target: { element } });
  });
});
