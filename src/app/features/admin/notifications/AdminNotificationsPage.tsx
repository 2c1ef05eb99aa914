import { useCallback, useEffect, useState } from 'react';
import {
  adminNotificationMessages,
  cancelAdminNotificationRoute,
  countRecipientsRoute,
  createAdminNotificationRoute,
  listAdminNotificationsRoute,
  updateAdminNotificationRoute,
  type AdminNotification,
} from '../../../../shared/contract/adminNotifications';
import type { ApiFieldErrors } from '../../../api/ApiError';
import { ActionKey } from '../../../api/actionKey';
import { callApi } from '../../../api/client';
import { countOf } from '../../../format/count';
import { toErrorDetails } from '../../../api/errorHandler';
import { PageFrame } from '../form/PageFrame';
import { audienceOf, bodyOf, draftOf, emptyDraft, type ComposeDraft } from './composeDraft';
import { AudiencePickers } from './AudiencePickers';
import { ComposeForm } from './ComposeForm';
import { NotificationHistory } from './NotificationHistory';
import { SendConfirmDialog } from './SendConfirmDialog';
import './adminNotifications.css';

/** The history is read again this often while the page is open (read rates move). */
const REFRESH_MS = 15_000;

/**
 * /admin/notifications: compose (send now or schedule), then the history with recipients, pushes
 * and reads. Online only: a failure says why and keeps what was typed.
 */
export function AdminNotificationsPage() {
  const [items, setItems] = useState<readonly AdminNotification[]>([]);
  const [loadError, setLoadError] = useState<string | undefined>();
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

  const load = useCallback(async () => {
    try {
      setItems(await callApi(listAdminNotificationsRoute));
      setLoadError(undefined);
    } catch (error) {
      setLoadError(toErrorDetails(error).message);
    }
  }, []);
  useEffect(() => {
    const first = setTimeout(() => void load(), 0);
    const timer = setInterval(() => void load(), REFRESH_MS);
    return () => {
      clearTimeout(first);
      clearInterval(timer);
    };
  }, [load]);

  /** Sends or schedules the draft; a refusal marks the fields, keeps the draft, and is thrown on. */
  const save = async (idempotencyKey: string) => {
    setMessage(undefined);
    try {
      const body = bodyOf(draft);
      const saved = editing === undefined
        ? await callApi(createAdminNotificationRoute, { body, idempotencyKey })
        : await callApi(updateAdminNotificationRoute, { params: { rowId: editing }, body, idempotencyKey });
      sendKey.finish();
      setErrors({});
      setDraft(emptyDraft);
      setEditing(undefined);
      setMessage({
        text: saved.status === 'Sent' ? `Sent to ${countOf(saved.recipients, 'person', 'people')}.` : `Scheduled: ${saved.title}.`,
        isError: false,
      });
      await load();
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
      const { count, unknownUserNames } = await callApi(countRecipientsRoute, { body: { audience: audienceOf(draft) } });
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
      await callApi(cancelAdminNotificationRoute, { params: { rowId: notification.rowId } });
      setMessage({ text: `Cancelled: ${notification.title}.`, isError: false });
      if (editing === notification.rowId) {
        setEditing(undefined);
        setDraft(emptyDraft);
      }
      await load();
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
          <button type="button" className="button" onClick={() => void load()}>
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
