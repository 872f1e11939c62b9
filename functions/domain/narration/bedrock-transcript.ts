import { BedrockRuntimeClient, ConverseCommand, type ContentBlock } from '@aws-sdk/client-bedrock-runtime';
import * as z from 'zod';
import type { GuideTranscript, TranscriptInput, TranscriptProvider } from './contracts';
import { writeTranscript } from './local-transcript';

/**
 * The optional smart transcript on Amazon Bedrock (Converse API, the model from configuration):
 * it rewrites the local provider's draft into better prose from the same redacted inputs, and
 * looks at the screenshot of a slide that has nothing captured (an uploaded image). Anything but
 * a well-formed answer in time (a timeout, a refusal, a filtered or cut-off answer, invalid JSON)
 * gives the local provider's transcript instead.
 */
export const BEDROCK_TRANSCRIPT_NAME = 'bedrock';

const Answer = z.object({
  title: z.string().min(1).max(200),
  intro: z.string().min(1).max(2_000),
  outro: z.string().min(1).max(2_000),
  slides: z.array(z.object({ text: z.string().min(1).max(2_000), narration: z.string().min(1).max(2_000) })),
});

const SYSTEM = [
  'You write the transcript of a step-by-step software guide: for each step a short imperative instruction with the clicked element in **bold** markdown, and one or two plain spoken sentences of narration without markdown.',
  'You also write a guide title naming the task (not the page title), an intro starting "In this guide you\'ll" and a one-sentence outro.',
  'Never include values a person typed, passwords, keys, emails or anything marked redacted. Keep the language of the app.',
  'Answer with JSON only: {"title": string, "intro": string, "outro": string, "slides": [{"text": string, "narration": string}]} with exactly one slide per step, in order.',
].join(' ');

function extractJson(text: string): unknown {
  const fenced = /```(?:json)?\s*([\s\S]*?)```/.exec(text);
  const body = fenced?.[1] ?? text.slice(text.indexOf('{'), text.lastIndexOf('}') + 1);
  return JSON.parse(body);
}

export interface BedrockOptions {
  modelId: string;
  timeoutMs: number;
  client?: Pick<BedrockRuntimeClient, 'send'>;
  /** told when the answer was not used, and why */
  onFallback?: (reason: string) => void;
}

export function bedrockTranscript(options: BedrockOptions): TranscriptProvider {
  const client = options.client ?? new BedrockRuntimeClient({ maxAttempts: 2 });
  return {
    name: BEDROCK_TRANSCRIPT_NAME,
    async write(input: TranscriptInput): Promise<GuideTranscript> {
      const draft = writeTranscript(input);
      const content: ContentBlock[] = [
        {
          text: JSON.stringify({
            goal: input.goal ?? null,
            steps: input.steps.map((step, index) => ({ step: index + 1, captured: step.capture, draft: draft.slides[index], hasScreenshot: !step.capture && !!step.screenshot })),
            draft: { title: draft.title, intro: draft.intro, outro: draft.outro },
          }),
        },
      ];
      input.steps.forEach((step, index) => {
        if (step.capture || !step.screenshot) return;
        content.push({ text: `Screenshot of step ${index + 1}:` });
        content.push({ image: { format: step.screenshot.mimeType.slice('image/'.length) as 'png' | 'jpeg' | 'webp', source: { bytes: step.screenshot.bytes } } });
      });
      try {
        const answer = await client.send(
          new ConverseCommand({
            modelId: options.modelId,
            system: [{ text: SYSTEM }],
            messages: [{ role: 'user', content }],
            inferenceConfig: { maxTokens: 4_000, temperature: 0.3 },
          }),
          { abortSignal: AbortSignal.timeout(options.timeoutMs) },
        );
        if (answer.stopReason !== 'end_turn') throw new Error(`stopped: ${answer.stopReason}`);
        const text = answer.output?.message?.content?.map((block) => block.text ?? '').join('') ?? '';
        const parsed = Answer.parse(extractJson(text));
        if (parsed.slides.length !== input.steps.length) throw new Error('a different number of slides');
        return {
          title: input.goal?.trim() ? draft.title : parsed.title,
          intro: parsed.intro,
          outro: parsed.outro,
          slides: parsed.slides.map((slide) => ({ text: slide.text, narration: slide.narration.replace(/[*`]/g, ''), needsText: false })),
        };
      } catch (error) {
        options.onFallback?.(error instanceof Error ? error.message : String(error));
        return draft;
      }
    },
  };
}
