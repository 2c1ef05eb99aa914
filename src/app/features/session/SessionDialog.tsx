import { useId } from 'react';
import { Button, Dialog, Modal, ModalOverlay, ProgressBar } from 'react-aria-components';
import { session, ui } from '../../../shared/constants';
import { countdownAnnouncement, formatCountdown } from './countdown';
import type { SessionView } from './sessionView';
import './session.css';

interface SessionDialogProps {
  readonly view: SessionView;
  readonly onContinue: () => void;
  readonly onSignOut: () => void;
}

/** The session dialog (SPEC §2): persistent, at the top of the screen, in warning or signout mode. */
export function SessionDialog({ view, onContinue, onSignOut }: SessionDialogProps) {
  return (
    <ModalOverlay
      isOpen={view.mode !== 'closed'}
      isDismissable={false}
      isKeyboardDismissDisabled
      className="session-overlay"
    >
      <Modal className="session-modal" style={{ width: ui.sessionDialogWidthPx }}>
        {view.mode === 'warning' && (
          <WarningContent
            secondsLeft={view.secondsLeft}
            isContinuing={view.isContinuing}
            error={view.error}
            onContinue={onContinue}
            onSignOut={onSignOut}
          />
        )}
        {view.mode === 'signingOut' && <SigningOutContent />}
      </Modal>
    </ModalOverlay>
  );
}

interface WarningContentProps {
  readonly secondsLeft: number;
  readonly isContinuing: boolean;
  readonly error: string | undefined;
  readonly onContinue: () => void;
  readonly onSignOut: () => void;
}

function WarningContent({ secondsLeft, isContinuing, error, onContinue, onSignOut }: WarningContentProps) {
  const titleId = useId();
  const countdownId = useId();
  return (
    <Dialog role="alertdialog" aria-labelledby={titleId} aria-describedby={countdownId} className="session-dialog">
      <h2 id={titleId} className="session-dialog__title">
        Your session is about to end
      </h2>
      <p id={countdownId} className="session-dialog__text">
        Your session will end in{' '}
        <span role="timer" className="session-dialog__time">
          {formatCountdown(secondsLeft)}
        </span>
      </p>
      <p className="visually-hidden" aria-live="polite">
        {countdownAnnouncement(secondsLeft)}
      </p>
      {error !== undefined && (
        <p role="alert" className="session-dialog__error">
          {error}
        </p>
      )}
      <div className="session-dialog__actions">
        <Button className="button" onPress={onSignOut}>
          Sign Out
        </Button>
        <Button className="button button--primary" onPress={onContinue} isPending={isContinuing} autoFocus>
          Continue Session
        </Button>
      </div>
    </Dialog>
  );
}

function SigningOutContent() {
  const titleId = useId();
  return (
    <Dialog aria-labelledby={titleId} className="session-dialog">
      <h2 id={titleId} className="session-dialog__title">
        Signing you out
      </h2>
      <ProgressBar isIndeterminate aria-labelledby={titleId} className="session-progress">
        <div
          className="session-progress__fill"
          style={{ transitionDuration: `${session.signOutAnimationMs}ms` }}
        />
      </ProgressBar>
    </Dialog>
  );
}
