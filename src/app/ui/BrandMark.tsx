/** The app's mark (same drawing as public/favicon.svg); decorative, so hidden from assistive tech. */
export function BrandMark({ size = 32 }: { readonly size?: number }) {
  return (
    <svg className="brand-mark" width={size} height={size} viewBox="0 0 64 64" aria-hidden="true" focusable="false">
      <rect width="64" height="64" rx="14" fill="#1e3a8a" />
      <path d="M32 14 56 25 32 36 8 25Z" fill="#fbbf24" />
      <path d="M18 31v10c0 4 6.3 8 14 8s14-4 14-8V31l-14 6.4Z" fill="#fff" />
      <path d="M50 27v13" stroke="#fbbf24" strokeWidth="3" strokeLinecap="round" />
    </svg>
  );
}
