import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { HtmlExportOptions } from '#shared/exports';
import { annotationsSvg } from '#shared/annotation-svg';
import { escapeHtml } from '#shared/html';
import { PRODUCT_NAME } from '#shared/product';
import { BRAND_FONTS, type ShownBrand } from '#shared/brand-look';
import { slideDurationMs } from '#shared/slide-timing';
import { plainText, splitBold } from '#shared/step-markup';
import type { ExportGuide } from '../source';
import { annotatedScreenshot } from './images';
import { inParallel, renderLanes } from './tools';
import type { RenderContext, RenderResult } from './types';

/**
 * The HTML export: one file that needs no network at all. Screenshots and voiceovers are inline
 * (data: URIs), the styles and the small player script are in the file, and the page works
 * without the script too (every step is on the page, each voiceover has its own controls).
 * "Play the guide" walks the steps, playing each voiceover, or waiting a slide's reading time
 * (the player's rule) where there is none.
 */
const STYLE = `
:root{color-scheme:light;--ink:#0f172a;--muted:#475569;--brand:#4338ca;--ring:#fb7185;--line:#e2e8f0}
*{box-sizing:border-box}body{margin:0;font:16px/1.55 system-ui,-apple-system,"Segoe UI",Roboto,"Helvetica Neue",Arial,sans-serif;color:var(--ink);background:#f8fafc}
main{max-width:960px;margin:0 auto;padding:32px 20px 64px}header{margin-bottom:24px}h1{font-size:2rem;line-height:1.2;margin:0 0 4px}
.meta{color:var(--muted);margin:0 0 16px}button{font:inherit;font-weight:600;color:#fff;background:var(--brand);border:0;border-radius:8px;padding:10px 16px;cursor:pointer}
button:focus-visible{outline:3px solid #a5b4fc;outline-offset:2px}ol{list-style:none;padding:0;margin:0}
.step{background:#fff;border:1px solid var(--line);border-radius:12px;padding:20px;margin:0 0 20px}.step[aria-current="step"]{border-color:var(--brand);box-shadow:0 0 0 3px #c7d2fe}
.step h2{font-size:.85rem;text-transform:uppercase;letter-spacing:.06em;color:var(--brand);margin:0 0 4px}.text{font-size:1.2rem;margin:0 0 6px}.narration{color:var(--muted);margin:0 0 12px}
figure{margin:0;position:relative;border:1px solid var(--line);border-radius:8px;overflow:hidden;line-height:0}img{width:100%;height:auto}
.annotations{position:absolute;inset:0;width:100%;height:100%;pointer-events:none}
.ring{position:absolute;width:5%;aspect-ratio:1;translate:-50% -50%;border:3px solid var(--ring);border-radius:50%;box-shadow:0 0 0 4px rgb(251 113 133/.28),0 0 24px 4px rgb(244 63 94/.4)}
audio{width:100%;margin-top:12px}footer{color:var(--muted);font-size:.85rem;text-align:center}
a{color:var(--accent,var(--brand))}.logo{display:block;max-height:48px;max-width:240px;width:auto;margin:0 0 16px}
@media (prefers-reduced-motion:no-preference){html{scroll-behavior:smooth}}
`;

// Plays each step in turn: its voiceover when it has one, else its reading time.
const SCRIPT = `
(function(){var b=document.getElementById('play');if(!b)return;var steps=[].slice.call(document.querySelectorAll('.step'));var t=null,i=-1,on=false;
function stop(){on=false;clearTimeout(t);steps.forEach(function(s){s.removeAttribute('aria-current');var a=s.querySelector('audio');if(a)a.pause();});b.textContent='Play the guide';}
function go(n){clearTimeout(t);if(n>=steps.length){stop();return;}i=n;steps.forEach(function(s,k){if(k===n)s.setAttribute('aria-current','step');else s.removeAttribute('aria-current');});
var s=steps[n];s.scrollIntoView({block:'center'});var a=s.querySelector('audio');if(a){a.currentTime=0;a.onended=function(){if(on)go(n+1);};a.play().catch(function(){t=setTimeout(function(){go(n+1);},+s.dataset.ms);});}
else{t=setTimeout(function(){go(n+1);},+s.dataset.ms);}}
b.addEventListener('click',function(){if(on){stop();return;}on=true;b.textContent='Stop';go(0);});})();
`;

/**
 * The organisation's brand over Stepcast's look (issue 32): its colours and font as the page's
 * custom properties. Colours are #rrggbb (checked when saved, parsed again by the job) and the
 * font one of the named stacks, so nothing an author typed reaches the style sheet.
 */
export function brandCss(brand: ShownBrand): string {
  return `:root{--brand:${brand.primaryColor};--accent:${brand.accentColor}}body{font-family:${BRAND_FONTS[brand.font].stack}}`;
}

function stepHtml(text: string): string {
  return splitBold(text)
    .map((run) => (run.bold ? `<strong>${escapeHtml(run.text)}</strong>` : escapeHtml(run.text)))
    .join('');
}

export async function renderHtml(guide: ExportGuide, options: HtmlExportOptions, ctx: RenderContext): Promise<RenderResult> {
  let done = 0;
  const images = await inParallel(
    guide.slides.map((slide) => async () => {
      const image = slide.screenshot ? await annotatedScreenshot(slide.screenshot.bytes, null, { maxWidth: 1600, format: 'jpeg' }) : null;
      ctx.onProgress((0.9 * ++done) / guide.slides.length);
      return image;
    }),
    renderLanes() * 2,
  );
  const steps = guide.slides.map((slide, i) => {
    const image = images[i];
    const alt = `Step ${i + 1}: ${plainText(slide.text ?? '')}`.trim();
    const ring =
      slide.click && slide.highlight && slide.size
        ? `<span class="ring" aria-hidden="true" style="left:${((slide.click.x / slide.size.width) * 100).toFixed(3)}%;top:${((slide.click.y / slide.size.height) * 100).toFixed(3)}%"></span>`
        : '';
    const audio =
      options.audio && slide.audio
        ? `<audio controls preload="auto" aria-label="Narration of step ${i + 1}" src="data:${escapeHtml(slide.audio.contentType)};base64,${slide.audio.bytes.toString('base64')}"></audio>`
        : '';
    const ms = slideDurationMs({ text: slide.text, narration: slide.narration, audioDurationMs: options.audio ? slide.audioDurationMs : null });
    return [
      `<li class="step" id="step-${i + 1}" data-ms="${ms}">`,
      `<h2>Step ${i + 1}</h2>`,
      slide.text ? `<p class="text">${stepHtml(slide.text)}</p>` : '',
      slide.narration ? `<p class="narration">${escapeHtml(slide.narration)}</p>` : '',
      image
        ? `<figure><img src="data:image/jpeg;base64,${image.bytes.toString('base64')}" width="${image.width}" height="${image.height}" alt="${escapeHtml(alt)}">${ring}${annotationsSvg(slide.annotations, slide.size?.width ?? image.width, slide.size?.height ?? image.height, { className: 'annotations' })}</figure>`
        : '',
      audio,
      '</li>',
    ].join('');
  });
  const count = `${guide.slides.length} ${guide.slides.length === 1 ? 'step' : 'steps'}`;
  // "Made with Stepcast" unless the organisation's brand turned the badge off
  const badge = guide.brand?.showBadge !== false;
  const html = [
    '<!doctype html>',
    '<html lang="en">',
    '<head>',
    '<meta charset="utf-8">',
    '<meta name="viewport" content="width=device-width, initial-scale=1">',
    // No network at all: everything the page uses is in this file.
    `<meta http-equiv="Content-Security-Policy" content="default-src 'none'; img-src data:; media-src data:; style-src 'unsafe-inline'; script-src 'unsafe-inline'">`,
    `<title>${escapeHtml(guide.title)}</title>`,
    `<style>${STYLE}</style>`,
    guide.brand ? `<style>${brandCss(guide.brand)}</style>` : '',
    '</head>',
    '<body>',
    '<main>',
    '<header>',
    guide.logo ? `<img class="logo" alt="Logo" src="data:${guide.logo.contentType};base64,${guide.logo.bytes.toString('base64')}">` : '',
    `<h1>${escapeHtml(guide.title)}</h1><p class="meta">${count}${badge ? ` · exported from ${escapeHtml(PRODUCT_NAME)}` : ''}</p>`,
    guide.introCard
      ? `<section class="intro"><h2>${escapeHtml(guide.introCard.title)}</h2>${guide.introCard.subtitle ? `<p>${escapeHtml(guide.introCard.subtitle)}</p>` : ''}</section>`
      : '',
    '<button type="button" id="play">Play the guide</button></header>',
    `<ol aria-label="Steps">${steps.join('\n')}</ol>`,
    guide.outroCard
      ? `<section class="outro"><h2>${escapeHtml(guide.outroCard.title)}</h2>${
          guide.outroCard.cta ? `<p><a class="cta" href="${escapeHtml(guide.outroCard.cta.url)}" target="_blank" rel="noopener">${escapeHtml(guide.outroCard.cta.label)}</a></p>` : ''
        }</section>`
      : '',
    badge ? `<footer>Made with ${escapeHtml(PRODUCT_NAME)}</footer>` : '',
    '</main>',
    `<script>${SCRIPT}</script>`,
    '</body>',
    '</html>',
  ].join('\n');
  const file = path.join(ctx.workDir, 'guide.html');
  await writeFile(file, html);
  ctx.onProgress(1);
  return { file, extension: 'html' };
}
