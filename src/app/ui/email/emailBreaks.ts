/**
 * An email address cut where a line may break (issue 34): after the '@' and after each '.', so a
 * narrow screen shows 'lecturer@campus.example.' / 'ac.uk', never 'lecturer@campus.example.a' / 'c.uk'.
 * Joined back together, the parts are the address.
 */
export function emailBreakParts(address: string): string[] {
  // No lookbehind: Safari before 16.4 cannot parse one, and this runs on students' phones.
  return (address.match(/[^@.]*[@.]?/g) ?? []).filter((part) => part !== '');
}
