import { useState } from 'react';
import type { AdminNotification } from '../../../../shared/contract/adminNotifications';
import { formatDate, formatTime24 } from '../../../format/dateTime';
import { AdminTable, type AdminColumn } from '../table/AdminTable';

const when = (iso: string): string => `${formatDate(iso)} ${formatTime24(iso)}`;
const percent = (rate: number | null): string => (rate === null ? '–' : `${Math.round(rate * 1000) / 10}%`);

const columns: readonly AdminColumn<AdminNotification>[] = [
  { key: 'title', header: 'Title', value: (n) => n.title },
  { key: 'notificationType', header: 'Type', value: (n) => n.notificationType },
  { key: 'status', header: 'Status', value: (n) => n.status },
  { key: 'sendAt', header: 'Send time', value: (n) => n.sendAt, render: (n) => <time dateTime={n.sendAt}>{when(n.sendAt)}</time> },
  { key: 'recipients', header: 'Recipients', value: (n) => n.recipients },
  { key: 'pushesDelivered', header: 'Pushes delivered', value: (n) => n.pushesDelivered },
  { key: 'pushesFailed', header: 'Failures', value: (n) => n.pushesFailed },
  { key: 'readCount', header: 'Read', value: (n) => n.readCount },
  { key: 'readRate', header: 'Read rate', value: (n) => n.readRate, render: (n) => percent(n.readRate) },
  { key: 'createdBy', header: 'By', value: (n) => n.createdBy, isExportedByDefault: false },
  { key: 'body', header: 'Text', value: (n) => n.body, render: (n) => <span className="notification-history__body">{n.body}</span>, isExportedByDefault: false },
];

interface NotificationHistoryProps {
  readonly items: readonly AdminNotification[];
  readonly onEdit: (notification: AdminNotification) => void;
  readonly onCancel: (notification: AdminNotification) => void;
  readonly busyRowId: number | undefined;
}

/** Sent, scheduled and cancelled notifications; scheduled ones can be edited or cancelled. */
export function NotificationHistory({ items, onEdit, onCancel, busyRowId }: NotificationHistoryProps) {
  const [confirming, setConfirming] = useState<number | undefined>();
  return (
    <AdminTable
      caption="Notification history"
      rows={items}
      columns={columns}
      rowKey={(n) => n.rowId}
      exportName="notifications"
      actions={(n) =>
        n.status === 'Scheduled' ? (
          <>
            <button type="button" className="button" onClick={() => onEdit(n)} aria-label={`Edit ${n.title}`}>
              Edit
            </button>
            {confirming === n.rowId ? (
              <button
                type="button"
                className="button"
                disabled={busyRowId === n.rowId}
                onClick={() => {
                  setConfirming(undefined);
                  onCancel(n);
                }}
                aria-label={`Confirm: cancel ${n.title}`}
              >
                Confirm cancel
              </button>
            ) : (
              <button type="button" className="button" onClick={() => setConfirming(n.rowId)} aria-label={`Cancel ${n.title}`}>
                Cancel
              </button>
            )}
          </>
        ) : null
      }
    />
  );
}
