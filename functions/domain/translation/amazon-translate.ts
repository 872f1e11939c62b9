import { TranslateClient, TranslateTextCommand } from '@aws-sdk/client-translate';
import { primary } from '#shared/translation';
import { awsConfig } from '../../core/config';
import type { TranslatedText, TranslationProvider, TranslationRequest } from './contracts';
import { fromTranslateHtml, toTranslateHtml } from './protect';

/**
 * Amazon Translate: one TranslateText call per text, a few at a time. Each text goes as HTML so
 * that bold names ride in do-not-translate tags, and sensitive values are placeholders that never
 * leave (protect.ts).
 */
const TEXTS_AT_ONCE = 4;

export function amazonTranslate(client: Pick<TranslateClient, 'send'> = new TranslateClient({ region: awsConfig().AWS_REGION, maxAttempts: 3 })): TranslationProvider {
  const one = async (text: string, source: string, target: string): Promise<TranslatedText> => {
    if (!text.trim()) return { text, needsReview: false };
    const { html, values } = toTranslateHtml(text);
    const answer = await client.send(new TranslateTextCommand({ Text: html, SourceLanguageCode: primary(source), TargetLanguageCode: target }));
    return { text: fromTranslateHtml(answer.TranslatedText ?? '', values), needsReview: false };
  };
  return {
    name: 'amazon-translate',
    async translate({ texts, source, target }: TranslationRequest): Promise<TranslatedText[]> {
      const out: TranslatedText[] = new Array<TranslatedText>(texts.length);
      let next = 0;
      await Promise.all(
        Array.from({ length: Math.min(TEXTS_AT_ONCE, texts.length) }, async () => {
          for (let i = next++; i < texts.length; i = next++) out[i] = await one(texts[i]!, source, target);
        }),
      );
      return out;
    },
  };
}
