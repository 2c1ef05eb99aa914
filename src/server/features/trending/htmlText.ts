/** WordPress renders titles and excerpts as HTML; the contract carries plain text. */

const namedEntities: Readonly<Record<string, string>> = {
  amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: ' ', hellip: '\u2026', ndash: '\u2013', mdash: '\u2014',
  lsquo: '\u2018', rsquo: '\u2019', ldquo: '\u201c', rdquo: '\u201d', laquo: '\u00ab', raquo: '\u00bb',
  copy: '\u00a9', reg: '\u00ae', trade: '\u2122', euro: '\u20ac', pound: '\u00a3',
};

function codePoint(entity: string): string | undefined {
  const code = /^#x/i.test(entity) ? Number.parseInt(entity.slice(2), 16) : Number.parseInt(entity.slice(1), 10);
  const isValid = Number.isInteger(code) && code > 0 && code <= 0x10ffff && !(code >= 0xd800 && code <= 0xdfff);
  return isValid ? String.fromCodePoint(code) : undefined;
}

/** Decodes numeric (`&#8217;`, `&#x2019;`) and common named entities; unknown ones stay as they are. */
export function decodeEntities(text: string): string {
  return text.replace(/&(#x[0-9a-f]+|#\d+|[a-z][a-z0-9]*);/gi, (match, entity: string) =>
    (entity.startsWith('#') ? codePoint(entity) : namedEntities[entity]) ?? match,
  );
}

/** Strips tags (and script/style content), decodes entities and collapses white space. */
export function htmlToText(html: string): string {
  const text = html
    .replace(/<(script|style)\b[^>]*>[\s\S]*?<\/\1\s*>/gi, ' ')
    .replace(/<!--[\s\S]*?-->/g, ' ')
    .replace(/<\/?(?:p|br|div|li|ul|ol|h[1-6]|blockquote|figure)\b[^>]*>/gi, ' ')
    .replace(/<[^>]*>/g, '');
  return decodeEntities(text).replace(/\s+/g, ' ').trim();
}

/** An excerpt as a summary: plain text, WordPress's trailing "[…]" shortened to "…"; empty means none. */
export function excerptToSummary(html: string): string | null {
  const text = htmlToText(html).replace(/\s*\[(?:\u2026|\.\.\.)\]$/, '\u2026');
  return text === '' ? null : text;
}
