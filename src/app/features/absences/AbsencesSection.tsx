import { useCallback, useEffect, useRef, useState } from 'react';
import { useSearchParams } from 'react-router';
import { Button } from 'react-aria-components';
import { toast as toastTimes } from '../../../shared/constants';
import { showErrorToast } from '../../api/errorHandler';
import { formatDate, formatTime24 } from '../../format/dateTime';
import { ensureFresh } from '../../sync/ensureFresh';
import { UpdatedAt } from '../../sync/UpdatedAt';
import { useActiveUser } from '../../sync/useActiveUser';
import { useResource } from '../../sync/useResource';
import { toast } from '../../ui/toast/toastStore';
import type { AbsenceRequest } from '../../../shared/contract/absences';
import { parseRowId } from '../../../shared/contract/common';
import { AbsenceDialog, type DialogTarget } from './AbsenceDialog';
import { absenceLinkParams, hasAbsenceLink, parseAbsenceLink } from './absenceLink';
import type { DialogOutcome } from './absenceDialog.machine';
import { draftKeyOf } from './absenceDrafts';
import { AbsencesTable } from './AbsencesTable';
import { AbsenceSuccessDialog } from './AbsenceSuccessDialog';
import { absenceConfigResource, absenceRequestsResource, heldAbsenceRequest } from './resources';
import { useAbsenceDrafts } from './useAbsenceDrafts';
import { readOnlyExplanation } from '../viewAs/isViewingAs';
import './absences.css';

type Success = Extract<DialogOutcome, { kind: 'submitted' | 'withdrawn' }>;

/** `?absence=<rowId>` names a request to open: a decision notification links to it. */
export const linkedRequestParam = 'absence';

/**
 * Opens the request a link names (a decision notification's url), once: the list is refreshed
 * first (forced, so the answer is to a request sent now), since the decision that sent the link is
 * newer than any copy on this device; every page is fetched, so an old request is found too. The
 * dialog then opens on the copy that refresh stored, or on the one held already when the server
 * could not be asked (offline). The parameter then leaves the URL, so a reload does not open it again.
 */
function useOpenLinkedRequest(
  cached: readonly AbsenceRequest[] | undefined,
  hasConfig: boolean,
  open: (target: DialogTarget) => void,
): void {
  const [search, setSearch] = useSearchParams();
  const linked = parseRowId(search.get(linkedRequestParam));
  /** The linked request as the refreshed list has it, or null when it has none (or could not be asked). */
  const [fresh, setFresh] = useState<{ readonly rowId: number; readonly request: AbsenceRequest | null } | undefined>(undefined);
  const opened = useRef<number | undefined>(undefined);
  useEffect(() => {
    if (linked === undefined) return;
    let isCurrent = true;
    ensureFresh(absenceConfigResource).catch(() => {});
    ensureFresh(absenceRequestsResource, { force: true })
      .catch(() => undefined)
      .then(() => heldAbsenceRequest(linked))
      .then((request) => isCurrent && setFresh({ rowId: linked, request: request ?? null }))
      .catch(() => isCurrent && setFresh({ rowId: linked, request: null }));
    return () => {
      isCurrent = false;
    };
  }, [linked]);
  useEffect(() => {
    if (linked === undefined || fresh?.rowId !== linked || !hasConfig || opened.current === linked) return;
    const request = fresh.request ?? cached?.find((candidate) => candidate.rowId === linked);
    if (!request) return;
    opened.current = linked;
    open({ mode: 'edit', request });
    setSearch((previous) => {
      const next = new URLSearchParams(previous);
      next.delete(linkedRequestParam);
      return next;
    }, { replace: true });
  }, [linked, fresh, hasConfig, cached, open, setSearch]);
}

/**
 * Opens 'Request an absence' with the dates a link carries (`?absenceFrom=…&absenceTo=…`, from a
 * class whose registration closed unregistered), once the configuration is there. The parameters
 * then leave the URL, valid or not, so a reload does not open it again.
 */
function useOpenPrefilledRequest(hasConfig: boolean, open: (target: DialogTarget) => void): void {
  const [search, setSearch] = useSearchParams();
  const hasLink = hasAbsenceLink(search);
  useEffect(() => {
    if (!hasLink || !hasConfig) return;
    const prefill = parseAbsenceLink(search);
    if (prefill) open({ mode: 'create', prefill });
    setSearch((previous) => {
      const next = new URLSearchParams(previous);
      next.delete(absenceLinkParams.from);
      next.delete(absenceLinkParams.to);
      return next;
    }, { replace: true });
  }, [hasLink, hasConfig, search, open, setSearch]);
}

/**
 * The attendance page's absence requests (SPEC §2): the table, 'Request an absence', the dialog
 * and the success dialogs. Works from the cached list and configuration when offline.
 */
export function AbsencesSection() {
  const user = useActiveUser();
  const requests = useResource(absenceRequestsResource);
  const config = useResource(absenceConfigResource);
  const drafts = useAbsenceDrafts();
  const [target, setTarget] = useState<DialogTarget | null>(null);
  const [success, setSuccess] = useState<Success | null>(null);
  // Where focus goes back to after the success dialog: the control that opened the request's
  // dialog (gone with it by then, so the dialog cannot restore it itself), else 'Request an absence'.
  const requestButton = useRef<HTMLButtonElement>(null);
  const opener = useRef<HTMLElement | null>(null);
  const closeSuccess = () => {
    setSuccess(null);
    const back = opener.current?.isConnected ? opener.current : requestButton.current;
    requestAnimationFrame(() => back?.focus());
  };

  useOpenLinkedRequest(requests.data, config.data !== undefined, setTarget);
  useOpenPrefilledRequest(config.data !== undefined, setTarget);

  const studentId = (target?.mode === 'edit' ? target.request.studentId : requests.data?.[0]?.studentId) ?? user?.userId ?? '';
  const newDraftSavedAt = drafts.get(draftKeyOf(undefined));

  const open = (next: DialogTarget) => {
    opener.current = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    if (config.data) {
      setTarget(next);
      return;
    }
    // Never loaded on this device yet: try once more before giving up.
    ensureFresh(absenceConfigResource, { force: true })
      .then(() => setTarget(next))
      .catch((error: unknown) => showErrorToast(error, { getting: 'Absence Configuration' }));
  };

  const close = useCallback(() => setTarget(null), []);
  const finish = useCallback((outcome: DialogOutcome) => {
    setTarget(null);
    if (outcome.kind === 'blocked') {
      // SPEC §4: creation blocked by a read-only message.
      toast.negative(`This absence cannot be created. ${outcome.message}`, { timeout: toastTimes.absenceFailureTimeoutMs });
    } else {
      setSuccess(outcome);
    }
  }, []);

  const refresh = () => {
    ensureFresh(absenceRequestsResource, { force: true }).catch((error: unknown) =>
      showErrorToast(error, { getting: 'Absence Requests' }),
    );
  };

  return (
    <section className="card attendance-section absences" aria-labelledby="absences-heading">
      <div className="absences__header">
        <h2 id="absences-heading">Absence requests</h2>
        <div className="absences__freshness">
          <UpdatedAt resourceKey={absenceRequestsResource.key} />
          <button type="button" className="button button--ghost" onClick={refresh} disabled={requests.isLoading}>
            Check for updates
          </button>
        </div>
      </div>
      <p>
        If you cannot attend your classes, for example through illness or for an appointment, tell us here. You can add
        supporting files such as a fit note.
      </p>
      {newDraftSavedAt !== undefined && (
        <p role="note" className="callout absences__draft">
          An absence request you wrote on {formatDate(newDraftSavedAt)} at {formatTime24(newDraftSavedAt)} has <strong>not</strong> been sent yet. It is saved
          on this device: choose 'Request an absence' to check it and submit it.
        </p>
      )}
      {/* Issue 17: an administrator viewing as this student cannot request for them. */}
      <Button
        ref={requestButton}
        className="button button--primary"
        onPress={() => open({ mode: 'create' })}
        isDisabled={user?.viewAs !== undefined}
        aria-describedby={user?.viewAs ? 'absences-read-only' : undefined}
      >
        Request an absence
      </Button>
      {user?.viewAs && (
        <p id="absences-read-only" className="muted">
          {readOnlyExplanation(user.userDisplayName)}.
        </p>
      )}
      {requests.data && requests.isPartial && (
        <p className="muted" role="status">
          Your older absence requests have not all reached this device yet.
        </p>
      )}
      {requests.data ? (
        <AbsencesTable
          requests={requests.data}
          categories={config.data?.categories}
          drafts={drafts}
          onOpen={(request) => open({ mode: 'edit', request })}
        />
      ) : requests.isLoading ? (
        <p role="status">Loading your absence requests…</p>
      ) : (
        <p role="status" className="callout callout--negative">
          {requests.error ? `Your absence requests could not be loaded. ${requests.error.message}` : 'Your absence requests are not available yet.'}
        </p>
      )}
      {target && config.data && (
        <AbsenceDialog
          key={target.mode === 'edit' ? target.request.rowId : 'new'}
          target={target}
          config={config.data}
          studentId={studentId}
          ownRequests={requests.data}
          onClose={close}
          onFinished={finish}
        />
      )}
      <AbsenceSuccessDialog success={success} onClose={closeSuccess} />
    </section>
  );
}
