/**
 * Which evidence the review page previews inline (issue 31 §2): PDFs and the images every browser
 * draws (PNG, JPEG, GIF, WebP). A stored file's extension always matches the type sniffed from its
 * content (the server's `sanitiseFileName`), so the name decides on the client; the server decides
 * from the stored content type.
 */
export type PreviewKind = 'pdf' | 'image';

// Maps, not object literals: a name such as "x.constructor" must not find Object's prototype.
const kindByContentType: ReadonlyMap<string, PreviewKind> = new Map([
  ['application/pdf', 'pdf'],
  ['image/png', 'image'],
  ['image/jpeg', 'image'],
  ['image/gif', 'image'],
  ['image/webp', 'image'],
]);

const kindByExtension: ReadonlyMap<string, PreviewKind> = new Map([
  ['pdf', 'pdf'],
  ['png', 'image'],
  ['jpg', 'image'],
  ['jpeg', 'image'],
  ['gif', 'image'],
  ['webp', 'image'],
]);

/** The preview a stored content type allows, if any. */
export const previewKindOfContentType = (contentType: string): PreviewKind | undefined => kindByContentType.get(contentType);

/** The preview a stored file name allows, if any. */
export function previewKindOfFileName(fileName: string): PreviewKind | undefined {
  const dot = fileName.lastIndexOf('.');
  return dot > 0 ? kindByExtension.get(fileName.slice(dot + 1).toLowerCase()) : undefined;
}
