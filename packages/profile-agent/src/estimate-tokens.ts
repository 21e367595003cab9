/**
 * A safe-side estimate of the tokens of `text` for `max_tokens` (AGENT-TOK-02), without a tokenizer: BPE
 * vocabularies (o200k, cl100k) hold whole common words, so counting pieces rather than characters errs
 * high on ordinary text and stays high on dense text.
 *
 * - a run of ASCII letters: one token per 4 letters (rounded up); a run of digits: one per 3 (both
 *   vocabularies split numbers into groups of at most 3 digits);
 * - one space right before a letter or digit run: nothing (the run's token carries it); any other run of
 *   whitespace (indentation, the tab after a line number, line breaks): one token per 4 characters;
 * - every other ASCII character (punctuation, operators): one token each;
 * - every other character: one token, two outside the Basic Multilingual Plane.
 */
export function estimateTokens(text: string): number {
  let tokens = 0;
  let index = 0;
  const length = text.length;
  while (index < length) {
    const code = text.charCodeAt(index);
    if (isLetter(code)) {
      const start = index;
      while (index < length && isLetter(text.charCodeAt(index))) index++;
      tokens += Math.ceil((index - start) / 4);
    } else if (isDigit(code)) {
      const start = index;
      while (index < length && isDigit(text.charCodeAt(index))) index++;
      tokens += Math.ceil((index - start) / 3);
    } else if (isSpace(code)) {
      const start = index;
      while (index < length && isSpace(text.charCodeAt(index))) index++;
      const next = index < length ? text.charCodeAt(index) : -1;
      const carried = index - start === 1 && code === 0x20 && (isLetter(next) || isDigit(next));
      if (!carried) tokens += Math.ceil((index - start) / 4);
    } else if (code < 0x80) {
      tokens++;
      index++;
    } else if (code >= 0xd800 && code <= 0xdbff && index + 1 < length) {
      tokens += 2;
      index += 2;
    } else {
      tokens++;
      index++;
    }
  }
  return tokens;
}

function isLetter(code: number): boolean {
  return (code >= 0x61 && code <= 0x7a) || (code >= 0x41 && code <= 0x5a);
}

function isDigit(code: number): boolean {
  return code >= 0x30 && code <= 0x39;
}

function isSpace(code: number): boolean {
  return code === 0x20 || code === 0x09 || code === 0x0a || code === 0x0d;
}
