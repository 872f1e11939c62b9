// A guide's translations: start one (a job), follow it, review and edit its words, remove it.
import { GuidePath } from '#shared/guides';
import { StartTranslationBody, TranslationPath, TranslationSlidePath, UpdateTranslationSlideBody, UpdateTranslationTextsBody } from '#shared/translation';
import { Reply, defineHandler } from '../../core/http';
import { GuideTranslation } from '../../domain/translation';
import { requireMember } from '../actor';

// GET /api/guides/{id}/translations — the guide's languages and each one's progress
export const listTranslations = defineHandler({ params: GuidePath }, async ({ params, event }) => {
  const { member } = await requireMember(event);
  return GuideTranslation.list(member.orgId, params.id);
});

// POST /api/guides/{id}/translations — translate and voice the guide in a language (Pro): 202 with its progress
export const startTranslation = defineHandler({ params: GuidePath, body: StartTranslationBody }, async ({ params, body, event }) => {
  const { member } = await requireMember(event);
  return new Reply(202, await GuideTranslation.start(member.orgId, params.id, body));
});

// GET /api/guides/{id}/translations/{language} — one language's title and steps beside the original
export const getTranslation = defineHandler({ params: TranslationPath }, async ({ params, event }) => {
  const { member } = await requireMember(event);
  return GuideTranslation.fromId(member.orgId, params.id, params.language);
});

// PATCH /api/guides/{id}/translations/{language}/slides/{slideId} — the author's words for a translated step
export const updateTranslationSlide = defineHandler({ params: TranslationSlidePath, body: UpdateTranslationSlideBody }, async ({ params, body, event }) => {
  const { member } = await requireMember(event);
  return GuideTranslation.updateSlide(member.orgId, params.id, params.language, params.slideId, body);
});

// PATCH /api/guides/{id}/translations/{language} — the author's words for the guide's title or its cards' words in a language
export const updateTranslationTexts = defineHandler({ params: TranslationPath, body: UpdateTranslationTextsBody }, async ({ params, body, event }) => {
  const { member } = await requireMember(event);
  return GuideTranslation.updateTexts(member.orgId, params.id, params.language, body);
});

// DELETE /api/guides/{id}/translations/{language} — remove a language and its voiceover
export const removeTranslation = defineHandler({ params: TranslationPath }, async ({ params, event }) => {
  const { member } = await requireMember(event);
  await GuideTranslation.remove(member.orgId, params.id, params.language);
  return new Reply(204);
});
