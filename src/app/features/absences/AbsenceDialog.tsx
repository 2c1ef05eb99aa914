import { useMachine } from '@xstate/react';
import { useEffect, useRef, useState } from 'react';
import type { AbsenceConfig, AbsenceRequest } from '../../../shared/contract/absences';
import type { AbsencePrefill } from './absenceLink';
import { profileResource } from '../../startup/userResources';
import { enrolmentStatusText } from '../../startup/StartupOverlay';
import { useResource } from '../../sync/useResource';
import { ResponsiveDialog } from '../../ui/sheet/ResponsiveDialog';
import { absenceDialogMachine, type DialogOutcome } from './absenceDialog.machine';
import { AbsenceDialogBody } from './AbsenceDialogBody';
import type { AbsenceDialogContext } from './absenceDialog.context';
import { DiscardConfirm } from './DiscardConfirm';

/** What the dialog was opened for. */
export type DialogTarget =
  | { readonly mode: 'create'; readonly prefill?: AbsencePrefill }
  | { readonly mode: 'edit'; readonly request: AbsenceRequest };

interface AbsenceDialogProps {
  readonly target: DialogTarget;
  readonly config: AbsenceConfig;
  readonly studentId: string;
  /** The student's requests as this device holds them (the table's list), for the overlap warning. */
  readonly ownRequests: readonly AbsenceRequest[] | undefined;
  readonly onClose: () => void;
  /** The machine finished: blocked, submitted or withdrawn. */
  readonly onFinished: (outcome: DialogOutcome) => void;
}

export const dialogTitles = { create: 'Request an absence', edit: 'Absence request' } as const;

/**
 * The absence request dialog (SPEC §2): runs `absenceDialogMachine`, feeds it the enrolment status
 * from the profile (showing 'Fetching your enrolment status...' until it is known), and hands the
 * outcome to the host. While something is being sent it cannot be closed.
 */
export function AbsenceDialog({ target, config, studentId, ownRequests, onClose, onFinished }: AbsenceDialogProps) {
  const profile = useResource(profileResource);
  const [snapshot, send] = useMachine(absenceDialogMachine, {
    input: {
      mode: target.mode,
      ...(target.mode === 'edit' ? { request: target.request } : {}),
      ...(target.mode === 'create' && target.prefill ? { prefill: target.prefill } : {}),
      config,
      studentId,
      ownRequests: ownRequests ?? [],
    },
  });

  const registrationStatus = profile.data?.registrationStatus;
  const hasProfile = profile.data !== undefined;
  const hasProfileFailed = !hasProfile && profile.error !== undefined;
  useEffect(() => {
    // Unknown (SPEC §4) when the profile cannot be loaded at all.
    if (hasProfile || hasProfileFailed) send({ type: 'ENROLMENT', registrationStatus: hasProfile ? registrationStatus : null });
  }, [send, hasProfile, hasProfileFailed, registrationStatus]);

  // The list changes when the sync layer brings a newer copy; the machine keeps it unless a submit is out.
  useEffect(() => {
    if (ownRequests) send({ type: 'OWN_REQUESTS', requests: ownRequests });
  }, [send, ownRequests]);

  const finished = useRef(false);
  useEffect(() => {
    if (snapshot.status !== 'done' || finished.current) return;
    finished.current = true;
    if (snapshot.output) onFinished(snapshot.output);
    else onClose();
  }, [snapshot.status, snapshot.output, onFinished, onClose]);

  const isBusy = snapshot.matches({ open: { tabs: { form: 'submitting' } } }) ||
    snapshot.matches({ open: { tabs: { form: 'savingDraft' } } }) ||
    snapshot.matches({ open: { tabs: { withdraw: 'withdrawing' } } }) ||
    snapshot.matches('finishing');
  const isPreparing = snapshot.matches('preparing');
  const isWaiting = isPreparing || snapshot.matches('awaitingEnrolment');

  // What the form held when it opened or was last saved as a draft: closing with anything else asks first.
  const formKey = keyOfForm(snapshot.context);
  const { draftSavedAt } = snapshot.context;
  const [saved, setSaved] = useState<{ readonly key: string; readonly draftSavedAt: number | undefined } | undefined>(undefined);
  if (!isWaiting && (saved === undefined || saved.draftSavedAt !== draftSavedAt)) setSaved({ key: formKey, draftSavedAt });
  const hasUnsavedInput = !isWaiting && saved !== undefined && saved.key !== formKey;

  const [isConfirmingDiscard, setConfirmingDiscard] = useState(false);
  const focusBeforeConfirm = useRef<HTMLElement | null>(null);
  const askToDiscard = () => {
    focusBeforeConfirm.current = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    setConfirmingDiscard(true);
  };
  const keepEditing = () => setConfirmingDiscard(false);
  useEffect(() => {
    // Back to the form: the focus returns where it was (the field, or the ✕ button).
    if (isConfirmingDiscard) return;
    const previous = focusBeforeConfirm.current;
    focusBeforeConfirm.current = null;
    if (previous?.isConnected) previous.focus();
  }, [isConfirmingDiscard]);

  const requestClose = () => {
    if (isBusy) return;
    if (isConfirmingDiscard) keepEditing(); // Escape or ✕ again answers 'no'
    else if (hasUnsavedInput) askToDiscard();
    else onClose();
  };

  return (
    <ResponsiveDialog isOpen onOpenChange={(isOpen) => !isOpen && requestClose()} title={dialogTitles[target.mode]} isDismissable={!isBusy}>
      {isWaiting ? (
        <div role="status" className="absence-dialog__waiting">
          <span className="spinner" aria-hidden="true" />
          <span>{isPreparing ? 'Loading the form…' : enrolmentStatusText}</span>
        </div>
      ) : (
        <>
          {isConfirmingDiscard && <DiscardConfirm onKeepEditing={keepEditing} onDiscard={onClose} />}
          <div hidden={isConfirmingDiscard} className="absence-dialog__content">
            <AbsenceDialogBody snapshot={snapshot} send={send} onClose={onClose} />
          </div>
        </>
      )}
    </ResponsiveDialog>
  );
}

/** The user's input, as a comparable string: the fields, the chosen files and the files removed. */
function keyOfForm({ values, pendingFiles, filesToDelete }: AbsenceDialogContext): string {
  return JSON.stringify([values, pendingFiles.map((file) => [file.name, file.size, file.lastModified]), filesToDelete]);
}
