import { PRODUCT_NAME } from '#shared/product';
import { useDocumentHead } from '../../../lib/document-head';

/** '{title} | Stepcast' and '{title} - Shared guide from Stepcast', as the edge writes them for crawlers. */
export function useSharedGuideHead(title: string) {
  useDocumentHead({ title, description: `${title} - Shared guide from ${PRODUCT_NAME}` });
}
