import dayjs from 'dayjs';
import { useResourceRow } from './useResourceRow';
import './updatedAt.css';

/** 'HH:mm', 24-hour (SPEC §9), of a fetch time. */
export function formatUpdatedTime(fetchedAt: number): string {
  return dayjs(fetchedAt).format('HH:mm');
}

/**
 * "Updated HH:mm": when the server last confirmed a resource, shown wherever data may be old.
 * Renders nothing until the resource has been fetched once.
 */
export function UpdatedAt({ resourceKey, className }: { readonly resourceKey: string; readonly className?: string }) {
  const row = useResourceRow(resourceKey);
  if (row === 'loading' || row === null || row.fetchedAt === null) return null;
  return (
    <span className={className ?? 'updated-at'}>
      Updated <time dateTime={new Date(row.fetchedAt).toISOString()}>{formatUpdatedTime(row.fetchedAt)}</time>
    </span>
  );
}
