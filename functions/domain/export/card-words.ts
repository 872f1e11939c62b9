import type { IntroCard, OutroCard } from '#shared/guide-cards';

/** The words of the video's and documents' intro and outro cards, drawn and spoken alike. */

/** The intro card's two lines as every format draws them: its title and subtitle, or the guide's title and its step count. */
export function introLines(guide: { title: string; slides: readonly unknown[]; introCard?: IntroCard | null | undefined }): [string, string] {
  const steps = `${guide.slides.length} ${guide.slides.length === 1 ? 'step' : 'steps'}`;
  return [guide.introCard?.title ?? guide.title, guide.introCard?.subtitle || steps];
}

/** The outro card's title as drawn ("You're all set" when the author wrote none). */
export function outroTitle(guide: { outroCard?: OutroCard | null | undefined }): string {
  return guide.outroCard?.title ?? "You're all set";
}

/** Two lines as one spoken text: a full stop between them unless the first ends a sentence already. */
export function spoken(...lines: Array<string | null | undefined>): string {
  return lines
    .map((line) => line?.trim() ?? '')
    .filter(Boolean)
    .map((line) => (/[.!?…:]$/.test(line) ? line : `${line}.`))
    .join(' ');
}
