import { expect, test, type Page } from '@playwright/test';
import type { GuideDto } from '#shared/guides';
import { signUpVerified, newPerson as newFreshPerson } from '../support/browser-accounts';
import { guideOfSteps } from '../support/browser-guides';
import { axeViolations } from '../support/a11y';

const PASSWORD = 'correct horse battery';
const newPerson = (name: string) => ({ ...newFreshPerson(name), password: PASSWORD });

/** What a viewer of the share link sees of step 1, in a fresh load of the page. */
async function sharedStepOne(viewer: Page, path: string): Promise<string> {
  await viewer.goto(path);
  const image = viewer.getByRole('img', { name: /^Screenshot of step 1: / });
  await expect(image).toBeVisible();
  return (await image.getAttribute('alt'))!.replace(/^Screenshot of step 1: /, '');
}

async function editStepOne(page: Page, text: string) {
  const field = page.getByLabel('Step 1 text');
  await field.fill(text);
  await page.getByRole('list', { name: 'Steps' }).getByRole('button', { name: /^Step 1 of 2/ }).focus();
}

test.describe('drafts and versions', () => {
  test('an author edits a published guide while the share page still shows the old text until "Publish changes"; then restores and discards from the versions list', async ({
    page,
    browser,
    baseURL,
  }) => {
    test.setTimeout(120_000);
    await signUpVerified(page.request, baseURL!, newPerson('Vera Versions'));
    const guide = await guideOfSteps(page.request, baseURL!, 'Archive an email', ['Open the inbox', 'Click Archive']);
    const sharePath = `/share/archive-an-email-${guide.id}`;
    await page.goto(`${sharePath}/design`);
    const publishing = page.getByRole('group', { name: 'Publishing' });
    const state = publishing.getByTestId('publish-state');
    const viewerContext = await browser.newContext();
    const viewer = await viewerContext.newPage();

    await test.step('publish the draft: version 1, and the share link works', async () => {
      await expect(state).toHaveText('Not published yet');
      await publishing.getByRole('button', { name: 'Publish', exact: true }).click();
      await expect(state).toHaveText('Published · v1');
      await expect(page.getByRole('region', { name: 'Notifications' }).getByText('Published as version 1. The share link shows it now.')).toBeVisible();
      expect(await sharedStepOne(viewer, sharePath)).toBe('Open the inbox');
    });

    await test.step('edit step 1: the draft has unpublished changes and viewers still see the old text', async () => {
      await editStepOne(page, 'Open the shared inbox');
      await expect(state).toHaveText('Unpublished changes');
      await expect.poll(async () => ((await (await page.request.get(`/api/guides/${guide.id}`)).json()) as GuideDto).slides[0]!.text).toBe('Open the shared inbox');
      expect(await sharedStepOne(viewer, sharePath)).toBe('Open the inbox');
      expect(await axeViolations(page, (b) => b.include('.design__header'))).toEqual([]);
    });

    await test.step('"Publish changes": version 2, and the share page shows the new text', async () => {
      await publishing.getByRole('button', { name: 'Publish changes' }).click();
      await expect(state).toHaveText('Published · v2');
      expect(await sharedStepOne(viewer, sharePath)).toBe('Open the shared inbox');
    });

    await test.step('the versions list: who published each and when; restore version 1 as the draft, viewers keep version 2', async () => {
      // The step 1 edit can be undone until a restore replaces the draft it was made on.
      const undo = page.getByRole('group', { name: 'Undo, redo and shortcuts' }).getByRole('button', { name: 'Undo', exact: true });
      await expect(undo).toHaveAttribute('aria-disabled', 'false');
      await publishing.getByRole('button', { name: 'Versions' }).click();
      const dialog = page.getByRole('dialog', { name: 'Versions' });
      const rows = dialog.getByRole('list', { name: 'Published versions, newest first' }).getByRole('listitem');
      await expect(rows).toHaveCount(2);
      await expect(rows.nth(0)).toContainText('Version 2');
      await expect(rows.nth(0)).toContainText('Live');
      await expect(rows.nth(1)).toContainText('Version 1');
      await expect(rows.nth(1)).toContainText('Published by Vera Versions');
      expect(await axeViolations(page, (b) => b.include('dialog[open]'))).toEqual([]);
      await rows.nth(1).getByRole('button', { name: 'Restore version 1 as the draft' }).click();
      // The confirmation takes the focus: Enter restores.
      await expect(rows.nth(1).getByRole('button', { name: 'Restore version 1' })).toBeFocused();
      await page.keyboard.press('Enter');
      await expect(dialog).toBeHidden();
      await expect(state).toHaveText('Unpublished changes');
      await expect(page.getByLabel('Step 1 text')).toHaveValue('Open the inbox');
      await expect(undo).toHaveAttribute('aria-disabled', 'true');
      expect(await sharedStepOne(viewer, sharePath)).toBe('Open the shared inbox');
    });

    await test.step('"Discard draft" (confirmed) brings back the published version 2 as the draft', async () => {
      await publishing.getByRole('button', { name: 'Discard draft' }).click();
      const confirm = page.getByRole('dialog', { name: 'Discard your draft?' });
      await confirm.getByRole('button', { name: 'Discard draft' }).click();
      await expect(confirm).toBeHidden();
      await expect(state).toHaveText('Published · v2');
      await expect(page.getByLabel('Step 1 text')).toHaveValue('Open the shared inbox');
    });

    await test.step('a publish from a tab that did not see the latest edit is refused: "This guide changed elsewhere"', async () => {
      const saved = (text: string) =>
        expect.poll(async () => ((await (await page.request.get(`/api/guides/${guide.id}`)).json()) as GuideDto).slides[0]!.text).toBe(text);
      await editStepOne(page, 'Open the team inbox');
      await saved('Open the team inbox');
      const other = await page.context().newPage();
      // A tab that does not hear of the edit: its presence poll (which would read the guide again) is lost.
      await other.route('**/presence', (route) => route.abort());
      await other.goto(`${sharePath}/design`);
      const otherPublishing = other.getByRole('group', { name: 'Publishing' });
      await expect(otherPublishing.getByTestId('publish-state')).toHaveText('Unpublished changes');
      // This tab edits again; the other one has not seen it and publishes what it shows.
      await editStepOne(page, 'Open the team inbox first');
      await saved('Open the team inbox first');
      await otherPublishing.getByRole('button', { name: 'Publish changes' }).click();
      await expect(other.getByRole('alert').filter({ hasText: 'This guide changed elsewhere' })).toBeVisible();
      await expect(otherPublishing.getByTestId('publish-state')).toHaveText('Unpublished changes');
      expect(await sharedStepOne(viewer, sharePath)).toBe('Open the shared inbox');
      await other.close();
    });
    await viewerContext.close();
  });

  test('a guide with no steps says it cannot be published before the author tries: Publish is disabled with the reason beside it', async ({ page, baseURL }) => {
    await signUpVerified(page.request, baseURL!, newPerson('Ned Nothing'));
    const created = await page.request.post('/api/guides', { data: { title: 'Nothing here yet' }, headers: { origin: baseURL! } });
    const guide = (await created.json()) as GuideDto;
    await page.goto(`/share/nothing-here-yet-${guide.id}/design`);
    const publishing = page.getByRole('group', { name: 'Publishing' });
    const publish = publishing.getByRole('button', { name: 'Publish', exact: true });
    await expect(publish).toBeDisabled();
    await expect(publish).toHaveAccessibleDescription('A guide with no steps cannot be published. Add a step first.');
    await expect(publishing.getByText('A guide with no steps cannot be published. Add a step first.')).toBeVisible();
    await expect(page.getByRole('radio', { name: /Published/ })).toBeDisabled();
    expect(await axeViolations(page, (b) => b.include('.design__header'))).toEqual([]);
  });
});
