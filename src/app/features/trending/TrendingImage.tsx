import { useState } from 'react';
import { Icon } from '../../ui/icons/Icon';

/** A post's picture, or a neutral tile when there is none or it does not load (e.g. offline). */
export function TrendingImage({ src, alt }: { readonly src: string | null; readonly alt: string }) {
  const [failedSrc, setFailedSrc] = useState<string | null>(null);
  if (src === null || failedSrc === src) {
    return (
      <div className="trending-card__image trending-card__image--fallback" role="img" aria-label={alt}>
        <Icon name="trend" size={32} />
      </div>
    );
  }
  return <img className="trending-card__image" src={src} alt={alt} loading="lazy" decoding="async" onError={() => setFailedSrc(src)} />;
}
