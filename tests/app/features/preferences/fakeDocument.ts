/** Just enough of `document` for cookies and <html> attributes, for the node test environment. */
export function fakeDocument(initialCookies: Record<string, string> = {}) {
  const jar = new Map(Object.entries(initialCookies));
  const written: string[] = [];
  const attributes = new Map<string, string>();
  const documentElement = {
    setAttribute: (name: string, value: string) => void attributes.set(name, value),
    removeAttribute: (name: string) => void attributes.delete(name),
    getAttribute: (name: string) => attributes.get(name) ?? null,
  };
  return {
    documentElement,
    attributes,
    written,
    get cookie(): string {
      return [...jar].map(([name, value]) => `${name}=${value}`).join('; ');
    },
    set cookie(text: string) {
      written.push(text);
      const [pair = ''] = text.split(';');
      const separator = pair.indexOf('=');
      jar.set(pair.slice(0, separator).trim(), pair.slice(separator + 1).trim());
    },
  };
}
