import { transform } from 'lightningcss';

/**
 * `css` without the custom property declarations (`--name: …`) that nothing mentions: not the
 * stylesheets themselves (a `var(--name)`, or another property's value), nor `code`. Repeated
 * until nothing more goes, since a removed value may have been the only user of another.
 */
export function withoutUnusedCustomProperties(css: readonly string[], code: string): string[] {
  const declaration = /(--[\w-]+)\s*:[^;{}]*(?:;|(?=\}))/g;
  let result = [...css];
  for (;;) {
    const all = result.join('\n');
    const unused = new Set(
      [...all.matchAll(declaration)]
        .map((match) => match[1]!)
        .filter((name) => {
          const mentions = all.split(name).length - 1;
          const declarations = [...all.matchAll(new RegExp(`${name}\\s*:`, 'g'))].length;
          return mentions === declarations && !code.includes(name);
        }),
    );
    if (unused.size === 0) return result;
    result = result.map((text) => text.replace(declaration, (whole: string, name: string) => (unused.has(name) ? '' : whole)));
  }
}

/**
 * `css` minified as one stylesheet without the rules of the BEM blocks that nothing in `code`
 * names: a class `block`, `block__element` or `block--modifier` stays when `block` occurs in the
 * code as a word, since code may build the rest (`player--${variant}`). What is left is what the
 * code can put on the page. Lightning CSS drops the rules (`unusedSymbols`) and merges the files.
 */
export function withoutUnusedBlocks(css: readonly string[], code: string): string {
  const text = css.join('\n');
  const classes = new Set([...text.matchAll(/\.(-?[_a-zA-Z][\w-]*)/g)].map((match) => match[1]!));
  const named = (block: string) => new RegExp(`(?<![\\w-])${block.replace(/[-]/g, '\\-')}(?![\\w])`).test(code);
  const unused = [...classes].filter((name) => !named(name.split(/__|--/)[0]!));
  return transform({ filename: 'inline.css', code: Buffer.from(text), minify: true, unusedSymbols: unused }).code.toString();
}
