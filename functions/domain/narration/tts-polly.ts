import { DescribeVoicesCommand, PollyClient, SynthesizeSpeechCommand, type SynthesizeSpeechCommandInput } from '@aws-sdk/client-polly';
import { awsConfig } from '../../core/config';
import type { Synthesis, SynthesisRequest, TtsProvider, Voice, WordTiming } from './contracts';
import { mp3DurationMs } from './mp3';
import { chunkText } from './sentences';

/**
 * Amazon Polly's neural voices: one SynthesizeSpeech call for the MP3 and one for the word
 * speech marks per piece of text; text longer than a request takes is split at sentence ends and
 * the pieces' audio and marks joined. Text is sent as plain text; a speed other than 1× needs
 * SSML's <prosody>, and then the text is XML-escaped inside it, never passed as markup.
 */
export const POLLY_MAX_CHARACTERS = 3_000;
export const POLLY_DEFAULT_VOICE = 'polly:Joanna';
const SAMPLE_RATE = '24000';

export function escapeXml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&apos;' })[c]!);
}

function requestText(text: string, rate: number): Pick<SynthesizeSpeechCommandInput, 'Text' | 'TextType'> {
  if (Math.abs(rate - 1) < 0.001) return { Text: text, TextType: 'text' };
  return { Text: `<speak><prosody rate="${Math.round(rate * 100)}%">${escapeXml(text)}</prosody></speak>`, TextType: 'ssml' };
}

async function bytesOf(stream: unknown): Promise<Uint8Array> {
  const body = stream as { transformToByteArray?: () => Promise<Uint8Array> } | undefined;
  if (!body?.transformToByteArray) throw new Error('Polly answered without audio');
  return body.transformToByteArray();
}

/** Word marks from Polly's JSON lines; each word ends where the next begins (or the audio ends). */
export function wordsFromMarks(lines: string, offsetMs: number, durationMs: number): WordTiming[] {
  const marks = lines
    .split('\n')
    .filter((line) => line.trim())
    .map((line) => JSON.parse(line) as { time: number; type: string; value: string })
    .filter((mark) => mark.type === 'word');
  return marks.map((mark, i) => ({
    startMs: offsetMs + mark.time,
    endMs: offsetMs + Math.max(mark.time, Math.min(marks[i + 1]?.time ?? durationMs, durationMs)),
    text: mark.value,
  }));
}

export function pollyTts(client: Pick<PollyClient, 'send'> = new PollyClient({ region: awsConfig().AWS_REGION, maxAttempts: 3 })): TtsProvider & { defaultVoiceId: string } {
  let voices: Promise<Voice[]> | undefined;
  return {
    engine: 'polly-neural',
    engineVersion: `mp3-${SAMPLE_RATE}`,
    defaultVoiceId: POLLY_DEFAULT_VOICE,
    voices() {
      voices ??= client
        .send(new DescribeVoicesCommand({ Engine: 'neural' }))
        .then((answer) =>
          (answer.Voices ?? [])
            .filter((v) => v.Id && v.LanguageCode)
            .map((v) => ({
              id: `polly:${v.Id}`,
              name: v.Name ?? v.Id!,
              language: v.LanguageCode!,
              gender: v.Gender === 'Female' ? 'female' : v.Gender === 'Male' ? 'male' : 'neutral',
              engine: 'polly-neural',
            }) satisfies Voice)
            .sort((a, b) => a.language.localeCompare(b.language) || a.name.localeCompare(b.name)),
        )
        .catch((error: unknown) => {
          voices = undefined;
          throw error;
        });
      return voices;
    },
    async synthesize({ text, voiceId, rate, language }: SynthesisRequest): Promise<Synthesis> {
      const VoiceId = voiceId.replace(/^polly:/, '') as SynthesizeSpeechCommandInput['VoiceId'];
      const parts: Uint8Array[] = [];
      const words: WordTiming[] = [];
      let offsetMs = 0;
      for (const chunk of chunkText(text, POLLY_MAX_CHARACTERS)) {
        const common = { VoiceId, Engine: 'neural' as const, LanguageCode: language as SynthesizeSpeechCommandInput['LanguageCode'], ...requestText(chunk, rate) };
        const [audio, marks] = await Promise.all([
          client.send(new SynthesizeSpeechCommand({ ...common, OutputFormat: 'mp3', SampleRate: SAMPLE_RATE })),
          client.send(new SynthesizeSpeechCommand({ ...common, OutputFormat: 'json', SpeechMarkTypes: ['word'] })),
        ]);
        const bytes = await bytesOf(audio.AudioStream);
        const durationMs = mp3DurationMs(bytes);
        words.push(...wordsFromMarks(new TextDecoder().decode(await bytesOf(marks.AudioStream)), offsetMs, durationMs));
        parts.push(bytes);
        offsetMs += durationMs;
      }
      const audio = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
      let at = 0;
      for (const part of parts) {
        audio.set(part, at);
        at += part.length;
      }
      return { audio, mimeType: 'audio/mpeg', durationMs: offsetMs, words };
    },
  };
}
