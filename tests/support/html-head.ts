import { parse } from 'parse5';

type Node = { nodeName: string; tagName?: string; attrs?: Array<{ name: string; value: string }>; childNodes?: Node[]; value?: string };

function walk(node: Node, visit: (n: Node) => void): void {
  visit(node);
  for (const child of node.childNodes ?? []) walk(child, visit);
  // <template> content and the like are not in the head we check.
}

/** The head of an HTML page as a browser's parser sees it: title text, meta and link elements, scripts. */
export function readHead(html: string) {
  const document = parse(html) as unknown as Node;
  let head: Node | undefined;
  walk(document, (n) => {
    if (n.tagName === 'head' && !head) head = n;
  });
  const metas: Array<Record<string, string>> = [];
  const links: Array<Record<string, string>> = [];
  const scripts: Array<Record<string, string>> = [];
  let title = '';
  let titles = 0;
  walk(document, (n) => {
    const attrs = Object.fromEntries((n.attrs ?? []).map((a) => [a.name, a.value]));
    if (n.tagName === 'meta') metas.push(attrs);
    if (n.tagName === 'link') links.push(attrs);
    if (n.tagName === 'script') scripts.push(attrs);
    if (n.tagName === 'title') {
      titles++;
      title = (n.childNodes ?? []).map((c) => c.value ?? '').join('');
    }
  });
  const property = (name: string) => metas.find((m) => m.property === name || m.name === name)?.content;
  return { head, title, titles, metas, links, scripts, property, canonical: links.find((l) => l.rel === 'canonical')?.href };
}
