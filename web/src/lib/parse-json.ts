/** A body's JSON, or undefined when it is empty or not JSON (an answer is checked by its schema next). */
export function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}
