import { useEffect } from 'react';
import { PRODUCT_NAME } from '#shared/product';

export interface DocumentHead {
  /** the page's own title; the product name is appended (`{title} | Stepcast`) */
  title: string;
  description?: string;
}

export function documentTitle(title: string): string {
  return title === PRODUCT_NAME ? title : `${title} | ${PRODUCT_NAME}`;
}

function setMeta(selector: string, attribute: 'name' | 'property', key: string, content: string): void {
  let element = document.head.querySelector<HTMLMetaElement>(selector);
  if (!element) {
    element = document.createElement('meta');
    element.setAttribute(attribute, key);
    document.head.append(element);
  }
  element.content = content;
}

/**
 * Sets the page's title and description. It updates the tags already in the shell (the edge
 * handler writes a shared guide's tags there) instead of adding duplicates.
 */
export function useDocumentHead({ title, description }: DocumentHead): void {
  useEffect(() => {
    const full = documentTitle(title);
    document.title = full;
    setMeta('meta[property="og:title"]', 'property', 'og:title', full);
    if (description !== undefined) {
      setMeta('meta[name="description"]', 'name', 'description', description);
      setMeta('meta[property="og:description"]', 'property', 'og:description', description);
    }
  }, [title, description]);
}
