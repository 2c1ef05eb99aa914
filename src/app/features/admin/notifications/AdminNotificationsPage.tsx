import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { adminNotificationMessages, type AdminNotification } from '../../../../shared/contract/adminNotifications';
import type { ApiFieldErrors } from '../../../api/ApiError';
import { ActionKey } from '../../../api/actionKey';
import { countOf } from '../../../format/count';
import { toErrorDetails } from '../../../api/errorHandler';
import { PageFrame } from '../form/PageFrame';
import { cancelNotification, countRecipients, saveNotification, useNotificationHistory } from './adminNotifications.queries';
import { audienceOf, bodyOf, draftOf, emptyDraft, type ComposeDraft } from './composeDraft';
import { AudiencePickers } from './AudiencePickers';
import { ComposeForm } from './ComposeForm';
import { NotificationHistory } from './NotificationHistory';
import { SendConfirmDialog } from './SendConfirmDialog';
import './adminNotifications.css';

/**
 * /admin/notifications: compose (send now or schedule), then the history with recipients, pushes
 * and reads. Online only: a failure says why and keeps what was typed.
 */
export function AdminNotificationsPage() {
  const history = useNotificationHistory();
  const queryClient = useQueryClient();
  const items = history.data ?? [];
  const loadError = history.error ? toErrorDetails(history.error).message : undefined;
  const [draft, setDraft] = useState<ComposeDraft>(emptyDraft);
  const [editing, setEditing] = useState<number | undefined>();
  const [isSending, setIsSending] = useState(false);
  const [errors, setErrors] = useState<ApiFieldErrors>({});
  const [message, setMessage] = useState<{ text: string; isError: boolean } | undefined>();
  const [busyRowId, setBusyRowId] = useState<number | undefined>();
  // The recipient count while the send-now question is open (issue 31 §6).
  const [confirming, setConfirming] = useState<number | undefined>();
  // One key per send (or save), kept until it succeeds: pressing Send again after an answer that
  // never arrived is then answered with the first send instead of sending twice.
  const [sendKey] = useState(() => new ActionKey());

  /** Sends or schedules the draft; a refusal marks the fields, keeps the draft, and is thrown on. */
  const save = async (idempotencyKey: string) => {
    setMessage(undefined);
    try {
      const saved = await saveNotification(queryClient, editing, bodyOf(draft), idempotencyKey);
      sendKey.finish();
      setErrors({});
      setDraft(emptyDraft);
      setEditing(undefined);
      setMessage({
        text: saved.status === 'Sent' ? `Sent to ${countOf(saved.recipients, 'person', 'people')}.` : `Scheduled: ${saved.title}.`,
        isError: false,
      });
    } catch (error) {
      const details = toErrorDetails(error);
      setErrors(details.errors);
      setMessage({ text: `${details.message} What you typed is kept.`, isError: true });
      throw error;
    }
  };

  /**
   * Scheduling saves at once (it can be edited or cancelled until it goes). Sending now asks
   * first, with the count the server resolves for this audience, as the send will.
   */
  const submit = async () => {
    setIsSending(true);
    setMessage(undefined);
    try {
      if (draft.isScheduled) {
        await save(sendKey.current()).catch(() => undefined);
        return;
      }
      const { count, unknownUserNames } = await countRecipients(audienceOf(draft));
      if (unknownUserNames.length > 0) {
        setMessage({ text: `${adminNotificationMessages.unknownUserNames}: ${unknownUserNames.join(', ')}. What you typed is kept.`, isError: true });
      } else if (count === 0) {
        setMessage({ text: `${adminNotificationMessages.noRecipients} What you typed is kept.`, isError: true });
      } else {
        setConfirming(count);
      }
    } catch (error) {
      setMessage({ text: `${toErrorDetails(error).message} What you typed is kept.`, isError: true });
    } finally {
      setIsSending(false);
    }
  };

  const cancel = async (notification: AdminNotification) => {
    setBusyRowId(notification.rowId);
    try {
      await cancelNotification(queryClient, notification.rowId);
      setMessage({ text: `Cancelled: ${notification.title}.`, isError: false });
      if (editing === notification.rowId) {
        setEditing(undefined);
        setDraft(emptyDraft);
      }
    } catch (error) {
      setMessage({ text: toErrorDetails(error).message, isError: true });
    } finally {
      setBusyRowId(undefined);
    }
  };

  return (
    <PageFrame intro="Write a notification for a chosen audience, send it now or at a set time, and see how it was received.">
    <div className="admin-notifications">
      <ComposeForm
        draft={draft}
        onChange={setDraft}
        onSubmit={() => void submit()}
        isEditing={editing !== undefined}
        onStopEditing={() => {
          sendKey.finish();
          setEditing(undefined);
          setDraft(emptyDraft);
          setErrors({});
        }}
        isSending={isSending}
        errors={errors}
        audiencePickers={<AudiencePickers draft={draft} onChange={setDraft} />}
      />
      <SendConfirmDialog recipients={confirming} title={draft.title} sendKey={sendKey} send={save} onClose={() => setConfirming(undefined)} />
      <div className={message?.isError ? 'admin-notifications__message admin-notifications__message--error' : 'admin-notifications__message'} role="status">
        {message?.text}
      </div>
      <section aria-labelledby="admin-notifications-history">
        <div className="admin-notifications__history-head">
          <h2 id="admin-notifications-history">History</h2>
          <button type="button" className="button" onClick={() => void history.refetch()}>
            Refresh history
          </button>
        </div>
        {loadError && (
          <p className="form-field__error" role="alert">
            {loadError}
          </p>
        )}
        <NotificationHistory
          items={items}
          busyRowId={busyRowId}
          onEdit={(notification) => {
            sendKey.finish();
            setEditing(notification.rowId);
            setDraft(draftOf(notification));
            setErrors({});
            setMessage(undefined);
          }}
          onCancel={(notification) => void cancel(notification)}
        />
      </section>
    </div>
    </PageFrame>
  );
}
