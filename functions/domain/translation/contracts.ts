/**
 * The translation seam: a guide's words into another language. Amazon Translate in AWS; locally a
 * deterministic glossary that needs nothing but `npm install`. Either keeps what is in **bold**
 * (the app's own labels, shown as the app shows them) and never sees a sensitive value
 * (protect.ts takes them out before and puts them back after).
 */
export interface TranslationRequest {
  texts: string[];
  /** BCP 47 of the guide (`en-US`) */
  source: string;
  /** a code of TRANSLATION_LANGUAGES (`es`) */
  target: string;
}

export interface TranslatedText {
  text: string;
  /** words the provider could not translate were left in the source language: the author should review it */
  needsReview: boolean;
}

export interface TranslationProvider {
  /** stored with each translation (`amazon-translate`, `local-glossary`) */
  readonly name: string;
  /** one answer per text, in order */
  translate(request: TranslationRequest): Promise<TranslatedText[]>;
}
