import { describe, expect, it } from 'vitest';
import { decodeEntities, excerptToSummary, htmlToText } from '../../../../src/server/features/trending/htmlText.js';

describe('WordPress HTML to plain text', () => {
  it('decodes numeric and named entities, leaving unknown ones alone', () => {
    expect(decodeEntities('Rock &amp; roll &#8211; &#x201C;live&#x201D; &hellip; &bogus; &#0;')).toBe('Rock & roll \u2013 \u201clive\u201d \u2026 &bogus; &#0;');
  });

  it('strips tags, scripts and comments and collapses white space', () => {
    expect(htmlToText('<p>Hello <em>campus</em>!</p>\n<script>alert(1)</script><p>Second&nbsp;para<!-- x --></p>')).toBe('Hello campus! Second para');
  });

  it('decodes after stripping, so escaped markup stays text', () => {
    expect(htmlToText('Use &lt;b&gt; for bold')).toBe('Use <b> for bold');
  });

  it('turns an excerpt into a summary, shortening the trailing [\u2026]', () => {
    expect(excerptToSummary('<p>Tours and talks [&hellip;]</p>\n')).toBe('Tours and talks\u2026');
    expect(excerptToSummary('<p> </p>')).toBeNull();
  });
});
