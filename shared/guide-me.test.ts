import { describe, expect, it } from 'vitest';
import { actionDoesStep, clampStep, clickInPage, isWalkable, samePage, startUrl, stepOnPageLoad, type GuideMeStepDto } from './guide-me';

const step = (pageUrl: string | null, action: GuideMeStepDto['action'] = 'click'): GuideMeStepDto => ({
  id: Math.random().toString(36),
  text: null,
  narration: null,
  screenshotUrl: null,
  width: 2560,
  height: 1600,
  click: { x: 200, y: 100 },
  audioUrl: null,
  action,
  pageUrl,
  viewportWidth: 1280,
  locators: [],
});

const guide = {
  steps: [step('https://app.test/'), step('https://app.test/contacts/new', 'type'), step('https://app.test/contacts/new'), step('https://app.test/reports')],
};

describe('samePage', () => {
  it('compares origin and path, not query, fragment or a trailing slash', () => {
    expect(samePage('https://app.test/contacts/new', 'https://app.test/contacts/new/?tab=2#top')).toBe(true);
    expect(samePage('https://app.test/contacts/new', 'https://app.test/contacts')).toBe(false);
    expect(samePage('https://app.test/', 'http://app.test/')).toBe(false);
    expect(samePage(null, 'https://app.test/')).toBe(false);
    expect(samePage('not a url', 'https://app.test/')).toBe(false);
  });
});

describe('stepOnPageLoad', () => {
  it('stays on a step whose page loaded again', () => {
    expect(stepOnPageLoad(guide, 1, 'https://app.test/contacts/new')).toBe(1);
  });

  it('moves on when the page is the next step’s: the viewer did the step by following its link', () => {
    expect(stepOnPageLoad(guide, 0, 'https://app.test/contacts/new')).toBe(1);
    expect(stepOnPageLoad(guide, 2, 'https://app.test/reports')).toBe(3);
  });

  it('stays on the current step on a page that is neither its nor the next one’s', () => {
    expect(stepOnPageLoad(guide, 0, 'https://app.test/reports')).toBe(0);
    expect(stepOnPageLoad(guide, 3, 'https://app.test/elsewhere')).toBe(3);
  });

  it('counts a page visit step as done once its page is open', () => {
    const visits = { steps: [step('https://app.test/', 'navigate'), step('https://app.test/')] };
    expect(stepOnPageLoad(visits, 0, 'https://app.test/')).toBe(1);
  });
});

describe('actionDoesStep', () => {
  it('a click on the element does a click step; anywhere else it does not', () => {
    expect(actionDoesStep({ action: 'click' }, { kind: 'click', onTarget: true })).toBe(true);
    expect(actionDoesStep({ action: 'click' }, { kind: 'click', onTarget: false })).toBe(false);
    expect(actionDoesStep({ action: 'submit' }, { kind: 'click', onTarget: true })).toBe(true);
  });

  it('typing in the field does a typing step; a click in it does not', () => {
    expect(actionDoesStep({ action: 'type' }, { kind: 'typed', onTarget: true })).toBe(true);
    expect(actionDoesStep({ action: 'type' }, { kind: 'click', onTarget: true })).toBe(false);
    expect(actionDoesStep({ action: 'type' }, { kind: 'typed', onTarget: false })).toBe(false);
  });

  it('a choice does a select step; a step without a captured action waits for Next', () => {
    expect(actionDoesStep({ action: 'select' }, { kind: 'chose', onTarget: true })).toBe(true);
    expect(actionDoesStep({ action: null }, { kind: 'click', onTarget: true })).toBe(false);
    expect(actionDoesStep({ action: 'navigate' }, { kind: 'click', onTarget: true })).toBe(false);
  });
});

describe('the walk’s bounds and geometry', () => {
  it('clamps to a step or the end', () => {
    expect(clampStep(guide, -1)).toBe(0);
    expect(clampStep(guide, 9)).toBe(4);
    expect(clampStep(guide, 2)).toBe(2);
  });

  it('starts on the first step with a web page', () => {
    expect(startUrl({ steps: [step(null), step('https://app.test/x')] })).toBe('https://app.test/x');
    expect(startUrl({ steps: [step(null)] })).toBeNull();
  });

  it('places the click in CSS pixels with the author’s pixel ratio', () => {
    expect(clickInPage(step('https://app.test/'))).toEqual({ x: 100, y: 50 });
    expect(clickInPage({ click: { x: 10, y: 20 }, width: null, viewportWidth: null })).toEqual({ x: 10, y: 20 });
    expect(clickInPage({ click: null, width: 10, viewportWidth: 10 })).toBeNull();
  });
});

describe('isWalkable', () => {
  it('walks a guide with a step captured on a web page, never one made from uploaded pictures', () => {
    expect(isWalkable([null, 'https://app.example.com/contacts'])).toBe(true);
    expect(isWalkable([null, undefined])).toBe(false);
    expect(isWalkable(['chrome://settings', 'file:///tmp/x.html'])).toBe(false);
  });
});
