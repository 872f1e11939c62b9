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
