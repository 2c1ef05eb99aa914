import { useCallback, useEffect, useRef, useState, type FormEvent, type RefObject } from 'react';
import { Button, Tab, TabList, TabPanel, Tabs } from 'react-aria-components';
import type { SnapshotFrom } from 'xstate';
import { formatDate, formatTime24 } from '../../format/dateTime';
import { displayDate } from '../../../shared/rules/absences/dates';
import { isFormReadOnly, isWithdrawAllowed, keptFilesOf, openOverlapsOf, readOnlyNoticeOf } from './absenceDialog.rules';
import { factsOf, type absenceDialogMachine, type AbsenceDialogEvent } from './absenceDialog.machine';
import { withFieldProblems } from './absenceForm';
import { AbsenceFormFields } from './AbsenceFormFields';
import { ClashWarning } from './ClashWarning';
import { ErrorBox } from './ErrorBox';
import { overlapWarningText } from './overlapWarning';
import { WithdrawPanel } from './WithdrawPanel';

type Snapshot = SnapshotFrom<typeof absenceDialogMachine>;

interface AbsenceDialogBodyProps {
  readonly snapshot: Snapshot;
  readonly send: (event: AbsenceDialogEvent) => void;
  readonly onClose: () => void;
}

/** The open dialog: notices, the error box, and the form and withdraw tabs (SPEC §2). */
export function AbsenceDialogBody({ snapshot, send, onClose }: AbsenceDialogBodyProps) {
  const { context } = snapshot;
  const facts = factsOf(context);
  const notice = readOnlyNoticeOf(facts);
  const canWithdraw = isWithdrawAllowed(facts);
  const isWithdrawTab = snapshot.matches({ open: { tabs: 'withdraw' } });
  const isWithdrawing = snapshot.matches({ open: { tabs: { withdraw: 'withdrawing' } } });
  const isSubmitting = snapshot.matches({ open: { tabs: { form: 'submitting' } } }) || snapshot.matches({ open: { tabs: { form: 'savingDraft' } } });

  // The buttons that switch between the form and the confirmation unmount with their panel: the
  // focus goes to the confirmation's title, and back to the form's Withdraw button on Cancel.
  const confirmationTitle = useRef<HTMLHeadingElement>(null);
  const withdrawButton = useRef<HTMLButtonElement>(null);
  const focusAfterSwitch = useRef<RefObject<HTMLElement | null> | null>(null);
  useEffect(() => {
    focusAfterSwitch.current?.current?.focus();
    focusAfterSwitch.current = null;
  }, [isWithdrawTab]);
  const showWithdraw = () => {
    focusAfterSwitch.current = confirmationTitle;
    send({ type: 'SHOW_WITHDRAW' });
  };
  const showForm = () => {
    focusAfterSwitch.current = withdrawButton;
    send({ type: 'SHOW_FORM' });
  };

  // The date fields' own problems, so the error box gives the same reason as the field.
  const [dateProblems, setDateProblems] = useState<Readonly<Record<string, string | undefined>>>({});
  const reportDateProblem = useCallback((key: string, problem: string | undefined) => {
    setDateProblems((problems) => (problems[key] === problem ? problems : { ...problems, [key]: problem }));
  }, []);

  const form = (
    <FormPanel
      snapshot={snapshot}
      send={send}
      onClose={onClose}
      canWithdraw={canWithdraw}
      isSubmitting={isSubmitting}
      onWithdraw={showWithdraw}
      withdrawButtonRef={withdrawButton}
      onDateProblem={reportDateProblem}
    />
  );
  return (
    <div className="absence-dialog">
      {notice !== undefined && (
        <p role="note" className="callout absence-dialog__notice">
          {notice}
        </p>
      )}
      {context.request?.absenceStatus === 'Pending' && context.request.evidenceAddedAt && (
        <p role="note" className="callout absence-dialog__notice">
          Sent for review on {displayDate(context.request.evidenceAddedAt)}: the school office will look at your evidence.
        </p>
      )}
      {context.request?.messageToStudent && (
        <div className="callout absence-dialog__message">
          <p className="absence-dialog__message-title">Message from the school</p>
          <p>{context.request.messageToStudent}</p>
        </div>
      )}
      {context.isDraftRestored && context.draftSavedAt !== undefined && (
        <div role="note" className="callout absence-dialog__draft">
          <p>
            This form was restored from a draft saved on this device on {formatDate(context.draftSavedAt)} at{' '}
            {formatTime24(context.draftSavedAt)}. It has <strong>not</strong> been sent yet: check it and submit it.
          </p>
          <Button className="button button--ghost" onPress={() => send({ type: 'DISCARD_DRAFT' })} isDisabled={isSubmitting}>
            Discard draft
          </Button>
        </div>
      )}
      <ErrorBox errors={withFieldProblems(context.errors, dateProblems)} revision={context.errorRevision} />
      {canWithdraw ? (
        <Tabs
          selectedKey={isWithdrawTab ? 'withdraw' : 'form'}
          onSelectionChange={(key) => send({ type: key === 'withdraw' ? 'SHOW_WITHDRAW' : 'SHOW_FORM' })}
          isDisabled={isSubmitting || isWithdrawing}
          className="absence-tabs"
        >
          <TabList aria-label="Absence request" className="absence-tabs__list">
            <Tab id="form" className="absence-tabs__tab">
              Details
            </Tab>
            <Tab id="withdraw" className="absence-tabs__tab">
              Withdraw
            </Tab>
          </TabList>
          <TabPanel id="form">{form}</TabPanel>
          <TabPanel id="withdraw">
            <WithdrawPanel
              isWithdrawing={isWithdrawing}
              titleRef={confirmationTitle}
              onCancel={showForm}
              onConfirm={() => send({ type: 'CONFIRM_WITHDRAW' })}
            />
          </TabPanel>
        </Tabs>
      ) : (
        form
      )}
    </div>
  );
}

interface FormPanelProps extends AbsenceDialogBodyProps {
  readonly canWithdraw: boolean;
  readonly isSubmitting: boolean;
  readonly onWithdraw: () => void;
  readonly withdrawButtonRef: RefObject<HTMLButtonElement | null>;
  readonly onDateProblem: (key: string, problem: string | undefined) => void;
}

function FormPanel({ snapshot, send, onClose, canWithdraw, isSubmitting, onWithdraw, withdrawButtonRef, onDateProblem }: FormPanelProps) {
  const { context } = snapshot;
  const facts = factsOf(context);
  const isReadOnly = isFormReadOnly(facts);
  // No implicit submission: Enter in a date or time field commits that field, not the form (there
  // is no submit-type button, and the submit event itself is ignored).
  const ignoreSubmit = (event: FormEvent<HTMLFormElement>) => event.preventDefault();
  return (
    <form className="absence-form" onSubmit={ignoreSubmit} noValidate aria-label="Absence details">
      <AbsenceFormFields
        mode={context.mode}
        request={context.request}
        config={context.config}
        values={context.values}
        keptFiles={keptFilesOf(facts)}
        pendingFiles={context.pendingFiles}
        errors={context.errors}
        progress={context.progress}
        isDisabled={isReadOnly || isSubmitting}
        onChange={(values) => send({ type: 'CHANGE', values })}
        onPendingFilesChange={(files) => send({ type: 'SET_PENDING_FILES', files })}
        onRemoveExistingFile={(rowId) => send({ type: 'REMOVE_EXISTING_FILE', rowId })}
        onDateProblem={onDateProblem}
        overlapWarning={overlapWarningText(openOverlapsOf(facts), context.mode)}
      />
      <ClashWarning clashes={context.clashes} />
      <div className="absence-actions">
        {canWithdraw && (
          <Button ref={withdrawButtonRef} className="button" onPress={onWithdraw} isDisabled={isSubmitting}>
            Withdraw
          </Button>
        )}
        {isReadOnly && (
          <Button className="button button--primary" onPress={onClose}>
            Close
          </Button>
        )}
        {!isReadOnly && (
          <Button className="button button--primary" onPress={() => send({ type: 'SUBMIT' })} isDisabled={isSubmitting}>
            {context.mode === 'create' ? 'Submit Absence Request' : 'Update'}
          </Button>
        )}
      </div>
    </form>
  );
}
