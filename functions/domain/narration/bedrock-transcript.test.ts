import { readFileSync } from 'node:fs';
import type { BedrockRuntimeClient, ConverseCommand } from '@aws-sdk/client-bedrock-runtime';
import { describe, expect, it } from 'vitest';
import type { TranscriptInput } from './contracts';
import { bedrockTranscript } from './bedrock-transcript';
import { writeTranscript } from './local-transcript';

/** A Converse answer in Bedrock's wire shape, as the SDK returns it (fixtures/bedrock-converse.json). */
const RECORDED = JSON.parse(readFileSync(new URL('./fixtures/bedrock-converse.json', import.meta.url), 'utf8')) as Record<string, unknown>;

const INPUT: TranscriptInput = {
  steps: [
    { capture: { action: 'click', element: { tag: 'button', name: 'Invite teammate' }, page: { title: 'Members · Acme Admin', url: 'https://admin.example/members' } } },
    { capture: { action: 'type', element: { tag: 'input', type: 'email', name: 'Email', redacted: true }, page: { title: 'Invite · Acme Admin', url: 'https://admin.example/invite' } } },
    // An uploaded image: nothing captured, the model looks at the screenshot.
    { capture: null, screenshot: { bytes: new Uint8Array([0x89, 0x50, 0x4e, 0x47]), mimeType: 'image/png' } },
  ],
};

function client(answer: (command: ConverseCommand, signal: AbortSignal | undefined) => Promise<unknown>) {
  const sent: ConverseCommand[] = [];
  return {
    sent,
    client: {
      send: (command: ConverseCommand, options?: { abortSignal?: AbortSignal }) => {
        sent.push(command);
        return answer(command, options?.abortSignal);
      },
    } as unknown as Pick<BedrockRuntimeClient, 'send'>,
  };
}

describe('Bedrock transcript (Bedrock mocked: AWS only)', () => {
  it('uses a recorded Converse answer: better prose, the screenshot described, markdown kept out of narration', async () => {
    const fake = client(async () => RECORDED);
    const transcript = await bedrockTranscript({ modelId: 'amazon.nova-lite-v1:0', timeoutMs: 5_000, client: fake.client }).write(INPUT);
    expect(transcript.title).toBe('Invite a teammate to Acme Admin');
    expect(transcript.slides).toHaveLength(3);
    expect(transcript.slides[2]).toEqual({ text: 'Review the **invitation** screen', narration: 'This screen shows the invitation before it is sent; check the role is right.', needsText: false });

    const request = fake.sent[0]!.input;
    expect(request.modelId).toBe('amazon.nova-lite-v1:0');
    const content = request.messages![0]!.content!;
    // The captured steps as JSON, then the uncaptured slide's screenshot as an image block.
    expect(content.some((block) => 'image' in block && block.image?.format === 'png')).toBe(true);
    expect(JSON.stringify(content[0])).toContain('Invite teammate');
  });

  it.each([
    ['a timeout', async (_c: ConverseCommand, signal: AbortSignal | undefined) => new Promise((_resolve, reject) => signal?.addEventListener('abort', () => reject(signal.reason as Error)))],
    ['a refusal (content filtered)', async () => ({ ...RECORDED, stopReason: 'content_filtered' })],
    ['an answer cut off', async () => ({ ...RECORDED, stopReason: 'max_tokens' })],
    ['text that is not JSON', async () => ({ ...RECORDED, output: { message: { role: 'assistant', content: [{ text: 'I cannot help with that.' }] } } })],
    ['the wrong number of slides', async () => ({ ...RECORDED, output: { message: { role: 'assistant', content: [{ text: '{"title":"T","intro":"I","outro":"O","slides":[]}' }] } } })],
    ['an error from the service', async () => Promise.reject(Object.assign(new Error('Throttled'), { name: 'ThrottlingException' }))],
  ])('falls back to the local provider on %s', async (_name, answer) => {
    const reasons: string[] = [];
    const fake = client(answer);
    const transcript = await bedrockTranscript({ modelId: 'm', timeoutMs: 1_000, client: fake.client, onFallback: (r) => reasons.push(r) }).write(INPUT);
    expect(transcript).toEqual(writeTranscript(INPUT));
    expect(reasons).toHaveLength(1);
  });

  it('keeps the author’s goal as the title', async () => {
    const fake = client(async () => RECORDED);
    const transcript = await bedrockTranscript({ modelId: 'm', timeoutMs: 5_000, client: fake.client }).write({ ...INPUT, goal: 'Add Maya to the team' });
    expect(transcript.title).toBe('Add Maya to the team');
  });
});
