/** First focusable element on every page: jumps past the header to the main content. */
export function SkipLink({ target = 'main' }: { readonly target?: string }) {
  return (
    <a className="skip-link" href={`#${target}`}>
      Skip to main content
    </a>
  );
}
