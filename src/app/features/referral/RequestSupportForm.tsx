import { useEffect, useRef, useState, type FormEvent } from 'react';
import { Button, FieldError, Form, Label, TextArea, TextField } from 'react-aria-components';
import { referralMessages, referralNotesMaxLength, validateReferralNotes } from '../../../shared/rules/referral';
import { referralCooldownText } from '../../../shared/rules/referralCooldown';
import { toErrorDetails } from '../../api/errorHandler';
import { ServerStateProvider } from '../../serverState/ServerStateProvider';
import '../../ui/field.css';
import { serverNow } from '../timetable/serverClock';
import { LatestReferralStatus } from './LatestReferralStatus';
import { checkingMessage, sendSelfReferral } from './referral.api';
import { useReferralCooldown } from './referral.queries';
import type { RequestSupportDialogProps } from './RequestSupportDialog';
import { UrgentHelp } from './UrgentHelp';

interface RequestSupportFormProps extends Omit<RequestSupportDialogProps, 'isOpen'> {
  readonly isSubmitting: boolean;
  readonly setIsSubmitting: (isSubmitting: boolean) => void;
}

/** The dialog's content, with the query client its checks go through (loaded with it, lazily). */
export default function RequestSupportForm(props: RequestSupportFormProps) {
  return (
    <ServerStateProvider>
      <SupportForm {...props} />
    </ServerStateProvider>
  );
}

function SupportForm({ onClose, onSent, isSubmitting, setIsSubmitting }: RequestSupportFormProps) {
  const [notes, setNotes] = useState('');
  const [fieldError, setFieldError] = useState<string>();
  const [submitError, setSubmitError] = useState<string>();
  const cooldown = useReferralCooldown();
  const fieldRef = useRef<HTMLTextAreaElement>(null);
  const cancelRef = useRef<HTMLButtonElement>(null);

  const isBlocked = cooldown.kind === 'recent';

  // The field had focus and is now disabled: keep focus inside the dialog.
  useEffect(() => {
    if (isBlocked) cancelRef.current?.focus();
  }, [isBlocked]);

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const invalid = validateReferralNotes(notes);
    setFieldError(invalid);
    setSubmitError(undefined);
    if (invalid) {
      fieldRef.current?.focus();
      return;
    }
    setIsSubmitting(true);
    try {
      await sendSelfReferral(notes);
      onSent();
    } catch (error) {
      const details = toErrorDetails(error);
      const notesErrors = details.errors.notes;
      if (notesErrors?.length) {
        setFieldError(notesErrors.join(' '));
        fieldRef.current?.focus();
      } else {
        setSubmitError(details.message);
      }
    } finally {
      setIsSubmitting(false);
    }
  };

  return (
    <Form onSubmit={(event) => void submit(event)} validationBehavior="aria" className="support-form">
      <p>
        Tell us what is happening and how we can help. A member of the Student Support team will read your request and
        contact you.
      </p>
      <UrgentHelp />
      {cooldown.kind !== 'checking' && cooldown.kind !== 'unknown' && <LatestReferralStatus latest={cooldown.latest} />}
      {cooldown.kind === 'checking' && (
        <p role="status" className="muted">
          {checkingMessage}
        </p>
      )}
      {cooldown.kind === 'recent' && (
        <p role="note" className="callout support-form__notice">
          {referralMessages.recentlyReferred}
          {cooldown.latest.sentAt && ` ${referralCooldownText(cooldown.latest.sentAt, serverNow())}`}
        </p>
      )}
      <TextField
        className="form-field"
        value={notes}
        onChange={(value) => {
          setNotes(value);
          if (fieldError) setFieldError(undefined);
        }}
        isInvalid={fieldError !== undefined}
        isDisabled={isBlocked || isSubmitting}
        maxLength={referralNotesMaxLength}
        isRequired
        autoFocus
      >
        <Label className="form-field__label">Enter Details</Label>
        <TextArea ref={fieldRef} rows={6} className="form-field__input support-form__details" />
        <FieldError className="form-field__error">{fieldError}</FieldError>
      </TextField>
      {submitError !== undefined && (
        <p role="alert" className="callout callout--negative">
          {submitError}
        </p>
      )}
      <div className="responsive-dialog__actions">
        <Button ref={cancelRef} className="button" onPress={onClose} isDisabled={isSubmitting}>
          Cancel
        </Button>
        {/* Not isPending: its announcement points at the button, which is gone once the request succeeds. */}
        <Button type="submit" className="button button--primary" isDisabled={isBlocked || isSubmitting}>
          {isSubmitting ? 'Submitting...' : 'Submit Request'}
        </Button>
      </div>
    </Form>
  );
}
