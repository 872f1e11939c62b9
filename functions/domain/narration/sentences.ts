/**
 * Splits text into pieces of at most `limit` characters, at sentence ends where it can, then at
 * clause breaks, then at spaces; a single word longer than the limit is cut. Used where an engine
 * takes a bounded input (Polly's 3,000 characters per request).
 */
export function splitSentences(text: string): string[] {
  const sentences = text.match(/[^.!?…]+(?:[.!?…]+["')\]]*|$)\s*/g) ?? [];
  return sentences.map((s) => s.trim()).filter(Boolean);
}

function splitLong(piece: string, limit: number): string[] {
  if (piece.length <= limit) return [piece];
  const parts: string[] = [];
  let rest = piece;
  while (rest.length > limit) {
    const window = rest.slice(0, limit + 1);
    let cut = Math.max(window.lastIndexOf(', '), window.lastIndexOf('; '), window.lastIndexOf(': '));
    if (cut < limit / 2) cut = window.lastIndexOf(' ');
    if (cut <= 0) cut = limit;
    else cut += 1;
    parts.push(rest.slice(0, cut).trim());
    rest = rest.slice(cut).trim();
  }
  if (rest) parts.push(rest);
  return parts;
}

export function chunkText(text: string, limit: number): string[] {
  const chunks: string[] = [];
  let current = '';
  for (const sentence of splitSentences(text).flatMap((s) => splitLong(s, limit))) {
    if (!current) current = sentence;
    else if (current.length + 1 + sentence.length <= limit) current += ` ${sentence}`;
    else {
      chunks.push(current);
      current = sentence;
    }
  }
  if (current) chunks.push(current);
  return chunks;
}
