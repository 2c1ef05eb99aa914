import { useMachine } from '@xstate/react';
import { useEffect, useRef } from 'react';
import type { AbsenceConfig, AbsenceRequest } from '../../../shared/contract/absences';
import type { AbsencePrefill } from './absenceLink';
import { profileResource } from '../../startup/userResources';
import { enrolmentStatusText } from '../../startup/StartupOverlay';
import { useResource } from '../../sync/useResource';
import { ResponsiveDialog } from '../../ui/sheet/ResponsiveDialog';
import { absenceDialogMachine, type DialogOutcome } from './absenceDialog.machine';
import { AbsenceDialogBody } from './AbsenceDialogBody';

/** What the dialog was opened for. */
export type DialogTarget =
  | { readonly mode: 'create'; readonly prefill?: AbsencePrefill }
  | { readonly mode: 'edit'; readonly request: AbsenceRequest };

interface AbsenceDialogProps {
  readonly target: DialogTarget;
  readonly config: AbsenceConfig;
  readonly studentId: string;
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
export function AbsenceDialog({ target, config, studentId, onClose, onFinished }: AbsenceDialogProps) {
  const profile = useResource(profileResource);
  const [snapshot, send] = useMachine(absenceDialogMachine, {
    input: {
      mode: target.mode,
      ...(target.mode === 'edit' ? { request: target.request } : {}),
      ...(target.mode === 'create' && target.prefill ? { prefill: target.prefill } : {}),
      config,
      studentId,
    },
  });

  const registrationStatus = profile.data?.registrationStatus;
  const hasProfile = profile.data !== undefined;
  const hasProfileFailed = !hasProfile && profile.error !== undefined;
  useEffect(() => {
    // Unknown (SPEC §4) when the profile cannot be loaded at all.
    if (hasProfile || hasProfileFailed) send({ type: 'ENROLMENT', registrationStatus: hasProfile ? registrationStatus : null });
  }, [send, hasProfile, hasProfileFailed, registrationStatus]);

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

  return (
    <ResponsiveDialog
      isOpen
      onOpenChange={(isOpen) => !isOpen && !isBusy && onClose()}
      title={dialogTitles[target.mode]}
      isDismissable={!isBusy}
    >
      {isWaiting ? (
        <div role="status" className="absence-dialog__waiting">
          <span className="spinner" aria-hidden="true" />
          <span>{isPreparing ? 'Loading the form…' : enrolmentStatusText}</span>
        </div>
      ) : (
        <AbsenceDialogBody snapshot={snapshot} send={send} onClose={onClose} />
      )}
    </ResponsiveDialog>
  );
}
