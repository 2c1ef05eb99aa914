/**
 * Typing masks such as ##/##/#### and ##:##: digits fill fixed-length segments and the separator
 * appears as soon as a digit spills into the next segment. A separator the user types ends the
 * current segment early; typed at the end, it pads a single digit with a zero ('1/' becomes '01/').
 * Within the text (an edit in the middle: '15/10/2025' with the month's 0 deleted) the short
 * segment is kept as it is, so the text does not change under the caret and the next digit typed
 * there lands where the user means it; the check tidies it ('15/1/2025' is 15/01/2025). Anything
 * else is dropped, and digits beyond the last segment are ignored.
 */
export function maskSegments(raw: string, lengths: readonly number[], separator: string): string {
  const segments: string[] = [''];
  const lastDigit = raw.search(/\d\D*$/);
  for (let position = 0; position < raw.length; position += 1) {
    const character = raw.charAt(position);
    const index = segments.length - 1;
    const current = segments[index] ?? '';
    const length = lengths[index] ?? 0;
    if (character >= '0' && character <= '9') {
      if (current.length < length) {
        segments[index] = current + character;
      } else if (segments.length < lengths.length) {
        segments.push(character);
      }
    } else if (isSeparator(character, separator) && current.length > 0 && segments.length < lengths.length) {
      if (position > lastDigit) segments[index] = current.padStart(length, '0');
      segments.push('');
    }
  }
  return segments.join(separator);
}

/** The mask's own separator, and the ones people type instead of it. */
function isSeparator(character: string, separator: string): boolean {
  return character === separator || character === '/' || character === '-' || character === '.' || character === ':' || character === ' ';
}
