import { useEffect } from 'react';
import { PRODUCT_NAME } from '#shared/product';
import { useDocumentHead } from '#web/lib/document-head';

/** '{title} | Stepcast' and '{title} - Shared guide from Stepcast', as the edge writes them for crawlers. */
export function useSharedGuideHead(title: string) {
  useDocumentHead({ title, description: `${title} - Shared guide from ${PRODUCT_NAME}` });
}

/** `<html lang>` follows the language the guide is shown in (screen readers pick their voice by it). */
export function useDocumentLanguage(language: string) {
  useEffect(() => {
    const root = document.documentElement;
    const before = root.lang;
    root.lang = language;
    return () => {
      root.lang = before;
    };
  }, [language]);
}
