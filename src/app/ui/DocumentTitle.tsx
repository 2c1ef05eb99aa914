import { siteTitle, titleSeparator } from '../../shared/constants';

/** The document title: the page label, a separator, then the site title (SPEC §2). */
export function formatDocumentTitle(label?: string): string {
  return label ? `${label}${titleSeparator}${siteTitle}` : siteTitle;
}

/** React 19 hoists <title> into <head>. */
export function DocumentTitle({ label }: { readonly label?: string }) {
  return <title>{formatDocumentTitle(label)}</title>;
}
