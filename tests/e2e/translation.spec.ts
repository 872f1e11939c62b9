import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import type { GuideDto } from '#shared/guides';
import type { JobDto } from '#shared/narration';
import type { SharedGuideDto } from '#shared/share/shared-guide';
import { SERVER_FRAME_ATTRIBUTE } from '../../shared/share/frame';
import { newPerson, signUpVerified } from '../support/browser-accounts';
import { numberedScreen, publishChanges, publishThroughApi, startTrial, uploadScreenshot } from '../support/browser-guides';
import { axeViolations } from '../support/a11y';

const PASSWORD = 'correct horse battery';

/** A published guide of two steps and an intro and outro card, in words the offline glossary knows, made through the API as the SPA does. */
async function publishedGuide(request: APIRequestContext, baseURL: string): Promise<GuideDto> {
  const headers = { origin: baseURL };
  const guide = (await (await request.post('/api/guides', { data: { title: 'Invite a teammate' }, headers })).json()) as GuideDto;
  const steps = [
    { text: 'Open **Settings**', narration: 'Open the Settings tab.' },
    { text: 'Click **Invite**', narration: 'Click the Invite button.' },
  ];
  for (const [index, step] of steps.entries()) {
    const screenshotKey = await uploadScreenshot(request, baseURL, guide.id, await numberedScreen(index + 1));
    expect((await request.post(`/api/guides/${guide.id}/slides`, { data: { screenshotKey, ...step, click: { x: 600, y: 300 } }, headers })).status()).toBe(201);
  }
  const cards = { introCard: { title: 'Invite a teammate', subtitle: 'In 2 steps' }, outroCard: { title: 'Done', cta: null } };
  expect((await request.patch(`/api/guides/${guide.id}`, { data: { ...cards, status: 'published' }, headers })).status()).toBe(200);
  return guide;
}

async function expectNoAxeViolations(page: Page) {
  expect(await axeViolations(page)).toEqual([]);
}

test('a Spanish translation stays off the share page until it is published, then plays with its own voice', async ({ page, baseURL, browser }) => {
  test.setTimeout(150_000);
  const person = newPerson('Lena Languages');
  await signUpVerified(page.request, baseURL!, { name: person.name, email: person.email, password: PASSWORD });
  const guide = await publishedGuide(page.request, baseURL!);
  const shareUrl = `/share/invite-a-teammate-${guide.id}`;
  const languages = page.getByRole('region', { name: 'Languages' });

  await test.step('on the free plan, Translate opens the upgrade prompt', async () => {
    await page.goto(`${shareUrl}/design`);
    await languages.getByRole('button', { name: 'Translate', exact: true }).click();
    await startTrial(page);
  });

  let english: SharedGuideDto;
  await test.step('the guide has its English voiceover', async () => {
    const started = await page.request.post(`/api/guides/${guide.id}/voiceover`, { data: {}, headers: { origin: baseURL! } });
    expect(started.status()).toBe(202);
    const { jobId } = (await started.json()) as { jobId: string };
    await expect.poll(async () => ((await (await page.request.get(`/api/jobs/${jobId}`)).json()) as JobDto).state, { timeout: 30_000 }).toBe('done');
    // The voiceover is in the draft: viewers hear it once it is published.
    await publishThroughApi(page.request, baseURL!, guide.id);
    english = (await (await page.request.get(`/api/share/${guide.id}`)).json()) as SharedGuideDto;
    expect(english.slides[0]!.audioUrl).toMatch(/\.mp3$/);
  });

  await test.step('the author adds Spanish and waits for its progress to finish', async () => {
    await page.goto(`${shareUrl}/design`);
    await languages.getByRole('combobox', { name: 'Add a language' }).selectOption({ label: 'Español' });
    await languages.getByRole('button', { name: 'Translate', exact: true }).click();
    const status = languages.getByRole('status');
    await expect(status).toHaveText(/Translating and voicing|Ready/);
    await expect(status).toHaveText('Ready, voiced.', { timeout: 60_000 });
    await expect(languages.getByRole('progressbar')).toBeHidden();
    // Ready is not published: the language is part of the draft.
    await expect(languages.getByTestId('viewers-es')).toHaveText('Not published Viewers get it once you publish changes.');
    await languages.getByRole('button', { name: 'Review Español' }).click();
    await expect(languages.getByRole('textbox', { name: 'Step 1 text (Español)' })).toHaveValue('Abre **Settings**');
    await expect(languages.getByRole('textbox', { name: 'Step 2 narration (Español)' })).toHaveValue('Haz clic en el botón Invite.');
    await expectNoAxeViolations(page);
  });

  const context = await browser.newContext({ locale: 'es-ES', baseURL: baseURL! });
  const viewer = await context.newPage();

  await test.step('until it is published, a viewer whose browser speaks Spanish gets the English guide, and no language to pick', async () => {
    for (const url of [shareUrl, `${shareUrl}?lang=es`]) {
      await viewer.goto(url);
      await expect(viewer.locator('#root')).not.toHaveAttribute(SERVER_FRAME_ATTRIBUTE);
      await expect(viewer.locator('.player__step-text')).toHaveText('Open Settings');
      await expect(viewer.locator('html')).toHaveAttribute('lang', 'en-US');
      await expect(viewer.getByRole('combobox', { name: /Language|Idioma/ })).toHaveCount(0);
    }
  });

  await test.step('the author publishes changes: Spanish goes out with them', async () => {
    await publishChanges(page);
    await expect(languages.getByTestId('viewers-es')).toHaveText('Published Viewers can pick it on the share page.');
  });

  await test.step('a viewer whose browser speaks Spanish gets Spanish text, cards, captions, voice and the player\'s own words', async () => {
    await viewer.goto(shareUrl);
    await expect(viewer.locator('#root')).not.toHaveAttribute(SERVER_FRAME_ATTRIBUTE);
    const player = viewer.getByRole('region', { name: /^(Guide player|Reproductor de la guía): / });
    await expect(viewer.getByRole('region', { name: 'Reproductor de la guía: Invitar un compañero' })).toBeVisible();
    await expect(viewer.locator('.player__step-text')).toHaveText('Abre Settings');
    await expect(viewer.locator('html')).toHaveAttribute('lang', 'es');
    const picker = viewer.getByRole('combobox', { name: 'Idioma' });
    await expect(picker).toHaveValue('es');
    // The intro card and the player's words are Spanish too.
    const intro = player.getByTestId('player-intro');
    await expect(intro.getByRole('heading')).toHaveText('Invitar un compañero');
    await expect(intro).toContainText('En 2 pasos');
    await expect(intro.getByRole('button', { name: 'Empezar la guía' })).toBeVisible();
    await expect(player.getByRole('button', { name: 'Paso anterior' })).toBeVisible();
    await expect(player.getByRole('button', { name: 'Subtítulos' })).toHaveAttribute('aria-pressed', 'true');
    await expect(player.getByRole('progressbar', { name: 'Progreso' })).toHaveAttribute('aria-valuetext', 'Paso 1 de 2');
    await expect(player.locator('.player__count')).toHaveText('Paso 1 de 2');
    await expect(viewer.getByRole('navigation', { name: 'Pasos' })).toBeVisible();
    await expect(viewer.getByText('2 pasos', { exact: true })).toBeVisible();
    // Made through the API, not captured: there is no page to walk, so no "Guíame" (Guide me) is offered.
    await expect(viewer.getByRole('button', { name: /Guíame|Guide me/ })).toHaveCount(0);

    const audio = player.locator('audio');
    const spanishSrc = await audio.getAttribute('src');
    expect(spanishSrc).toMatch(/\.mp3$/);
    expect(spanishSrc).not.toBe(english.slides[0]!.audioUrl);
    // No caption covers the intro card; past it, the Spanish voice plays with its Spanish caption
    // (this step's, or the next one's once it ended).
    await expect(player.locator('.player__caption')).toHaveCount(0);
    await player.getByRole('button', { name: 'Reproducir', exact: true }).click();
    await expect.poll(async () => audio.evaluate((el: HTMLAudioElement) => el.currentTime), { timeout: 10_000 }).toBeGreaterThan(0.3);
    await expect(player.locator('.player__caption')).toHaveText(/^(Abre la pestaña Settings\.|Haz clic en el botón Invite\.)$/);
    await expectNoAxeViolations(viewer);

    await test.step('the picker switches back to English', async () => {
      // The Spanish voice's end moves the player to step 2 (and past it, to the Spanish outro); another language keeps the step.
      await expect(player.getByRole('status')).toHaveText(/^(Paso 2 de 2: Haz clic en Invite|Fin de la guía: Hecho)/, { timeout: 15_000 });
      await expect(viewer).toHaveURL(/[?&]step=2/);
      await picker.selectOption({ label: 'English' });
      await expect(viewer.locator('.player__step-text')).toHaveText('Click Invite');
      await expect(player.getByRole('status')).toHaveText(/^Step 2 of 2: Click Invite/);
      await expect(player.getByRole('button', { name: 'Previous step' })).toBeVisible();
      await expect(viewer.getByRole('combobox', { name: 'Language' })).toHaveValue('en-US');
      await expect(viewer.locator('html')).toHaveAttribute('lang', 'en-US');
      await expect(viewer).toHaveURL(/[?&]lang=en-US/);
      await expect(player.locator('audio')).toHaveAttribute('src', english.slides[1]!.audioUrl!);
    });

    await test.step('?lang=es deep-links Spanish whatever the browser says', async () => {
      await page.goto(`${shareUrl}?lang=es`);
      await expect(page.locator('.player__step-text')).toHaveText('Abre Settings');
      await expect(page.getByRole('button', { name: 'Paso siguiente' })).toBeVisible();
    });

    await test.step('the embed speaks Spanish too, its own words included, and ends on the Spanish outro', async () => {
      await viewer.goto(`${shareUrl}/embed`);
      const frame = viewer.getByRole('main', { name: 'Guía: Invitar un compañero' });
      await expect(frame.locator('.player__bar-text')).toContainText('Abre Settings');
      await expect(frame.getByRole('link', { name: /^Hecho con Stepcast/ })).toBeVisible();
      await frame.getByRole('button', { name: 'Empezar la guía' }).click();
      await frame.getByRole('button', { name: 'Paso siguiente' }).click();
      await frame.getByRole('button', { name: 'Paso siguiente' }).click();
      const outro = frame.getByTestId('player-outro');
      await expect(outro.getByRole('heading')).toHaveText('Hecho');
      await expect(outro.getByRole('button', { name: 'Ver de nuevo' })).toBeVisible();
      await expectNoAxeViolations(viewer);
    });
  });
  await context.close();
});
