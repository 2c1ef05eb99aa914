/** Values a query string can carry; undefined and null are left out. */
export type QueryValue = string | number | boolean | Date | null | undefined;
export type QueryInput = Readonly<Record<string, QueryValue | readonly QueryValue[]>>;

/** Fills the `:name` segments of a contract path; a missing value is a programming error. */
export function fillPath(path: string, params: Readonly<Record<string, string | number>> = {}): string {
  return path.replace(/:([A-Za-z_][A-Za-z0-9_]*)/g, (_match, name: string) => {
    const value = params[name];
    if (value === undefined || value === '') {
      throw new Error(`Missing path parameter '${name}' for ${path}`);
    }
    return encodeURIComponent(String(value));
  });
}

function formatQueryValue(value: Exclude<QueryValue, null | undefined>): string {
  return value instanceof Date ? value.toISOString() : String(value);
}

// Array.isArray does not narrow a readonly array's union (it gives any[]); this guard does.
const isList = (raw: QueryValue | readonly QueryValue[]): raw is readonly QueryValue[] => Array.isArray(raw);

/** Serialises a query object; arrays repeat the key. */
export function toQueryString(query: QueryInput | undefined): string {
  if (!query) return '';
  const search = new URLSearchParams();
  for (const [key, raw] of Object.entries(query)) {
    const values = isList(raw) ? raw : [raw];
    for (const value of values) {
      if (value !== undefined && value !== null) search.append(key, formatQueryValue(value));
    }
  }
  const text = search.toString();
  return text ? `?${text}` : '';
}

export function buildUrl(
  path: string,
  params?: Readonly<Record<string, string | number>>,
  query?: QueryInput,
): string {
  return fillPath(path, params) + toQueryString(query);
}
