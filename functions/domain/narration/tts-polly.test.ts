import { describe, expect, it } from 'vitest';
import { DescribeVoicesCommand, type PollyClient } from '@aws-sdk/client-polly';
import { wavToMp3 } from './encode';
import { escapeXml, pollyTts, wordsFromMarks } from './tts-polly';
import { pcmWav } from './wav';

interface Sent {
  name: string;
  input: Record<string, unknown>;
}

/** Polly's client, answering as Polly does: MP3 bytes for audio, JSON lines of word marks for json. */
async function fakePolly(): Promise<{ client: Pick<PollyClient, 'send'>; sent: Sent[] }> {
  const second = await wavToMp3(pcmWav([new Uint8Array(24_000 * 2)], { sampleRate: 24_000, channels: 1, bitsPerSample: 16 }));
  const sent: Sent[] = [];
  const stream = (bytes: Uint8Array) => ({ transformToByteArray: async () => bytes });
  const client = {
    send: async (command: { constructor: { name: string }; input: Record<string, unknown> }) => {
      sent.push({ name: command.constructor.name, input: command.input });
      if (command instanceof DescribeVoicesCommand) {
        return { Voices: [{ Id: 'Matthew', Name: 'Matthew', LanguageCode: 'en-US', Gender: 'Male' }, { Id: 'Joanna', Name: 'Joanna', LanguageCode: 'en-US', Gender: 'Female' }] };
      }
      if (command.input['OutputFormat'] === 'json') {
        const text = String(command.input['Text']);
        const spoken = command.input['TextType'] === 'ssml' ? text.replace(/<[^>]+>/g, ' ').replace(/&(amp|lt|gt|quot|apos);/g, (_m, e: string) => ({ amp: '&', lt: '<', gt: '>', quot: '"', apos: "'" })[e]!) : text;
        const words = spoken.split(/\s+/).filter(Boolean);
        return { AudioStream: stream(new TextEncoder().encode(words.map((value, i) => JSON.stringify({ time: i * 100, type: 'word', start: 0, end: 0, value })).join('\n'))) };
      }
      return { AudioStream: stream(second) };
    },
  } as unknown as Pick<PollyClient, 'send'>;
  return { client, sent };
}

describe('Polly voice (Polly mocked: AWS only)', () => {
  it('lists neural voices as engine:name ids', async () => {
    const { client, sent } = await fakePolly();
    const voices = await pollyTts(client).voices();
    expect(voices.map((v) => v.id)).toEqual(['polly:Joanna', 'polly:Matthew']);
    expect(voices[0]).toMatchObject({ language: 'en-US', gender: 'female', engine: 'polly-neural' });
    expect(sent[0]!.input).toEqual({ Engine: 'neural' });
  });

  it('makes one audio and one speech-marks call, as plain text at 1×', async () => {
    const { client, sent } = await fakePolly();
    const result = await pollyTts(client).synthesize({ text: 'Click <Save> & "go".', voiceId: 'polly:Joanna', rate: 1, language: 'en-US' });
    expect(sent.map((s) => s.input['OutputFormat'])).toEqual(['mp3', 'json']);
    expect(sent[0]!.input).toMatchObject({ VoiceId: 'Joanna', Engine: 'neural', TextType: 'text', Text: 'Click <Save> & "go".' });
    expect(sent[1]!.input).toMatchObject({ SpeechMarkTypes: ['word'], TextType: 'text' });
    expect(result.mimeType).toBe('audio/mpeg');
    expect(Math.abs(result.durationMs - 1_000)).toBeLessThan(100);
    expect(result.words.map((w) => w.text)).toEqual(['Click', '<Save>', '&', '"go".']);
  });

  it('sets another speed with SSML prosody, the text escaped inside it', async () => {
    const { client, sent } = await fakePolly();
    await pollyTts(client).synthesize({ text: `Tom & Jerry's <b>"x"</b>`, voiceId: 'polly:Joanna', rate: 1.25, language: 'en-US' });
    expect(sent[0]!.input).toMatchObject({ TextType: 'ssml', Text: '<speak><prosody rate="125%">Tom &amp; Jerry&apos;s &lt;b&gt;&quot;x&quot;&lt;/b&gt;</prosody></speak>' });
  });

  it('splits text over Polly’s limit at sentence ends and joins audio and marks in order', async () => {
    const { client, sent } = await fakePolly();
    const text = Array.from({ length: 70 }, (_, i) => `Sentence ${i} says a little more about this step.`).join(' ');
    expect(text.length).toBeGreaterThan(3_000);
    const result = await pollyTts(client).synthesize({ text, voiceId: 'polly:Joanna', rate: 1, language: 'en-US' });
    const audioCalls = sent.filter((s) => s.input['OutputFormat'] === 'mp3');
    expect(audioCalls).toHaveLength(2);
    for (const call of audioCalls) expect(String(call.input['Text']).length).toBeLessThanOrEqual(3_000);
    expect(audioCalls.map((c) => c.input['Text']).join(' ')).toBe(text);
    expect(result.words).toHaveLength(text.split(' ').length);
    // The second piece's words start after the first piece's audio.
    const secondStart = String(audioCalls[0]!.input['Text']).split(' ').length;
    expect(result.words[secondStart]!.startMs).toBeGreaterThanOrEqual(900);
    expect(Math.abs(result.durationMs - 2_000)).toBeLessThan(200);
  });

  it('reads word marks, each ending where the next begins, none past the audio', () => {
    const marks = ['{"time":0,"type":"word","value":"Hi"}', '{"time":50,"type":"sentence","value":"x"}', '{"time":300,"type":"word","value":"there"}'].join('\n');
    expect(wordsFromMarks(marks, 1_000, 800)).toEqual([
      { startMs: 1_000, endMs: 1_300, text: 'Hi' },
      { startMs: 1_300, endMs: 1_800, text: 'there' },
    ]);
  });

  it('escapes the five XML characters', () => {
    expect(escapeXml(`<a href="x">&'</a>`)).toBe('&lt;a href=&quot;x&quot;&gt;&amp;&apos;&lt;/a&gt;');
  });
});
