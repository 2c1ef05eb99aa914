import { defaultUrgentHelpText } from '../../../shared/rules/referral';
import { useUrgentHelp } from './referral.queries';

/**
 * Said before anything is sent: a referral is read in working hours, so where to turn when help
 * cannot wait (the text is SUPPORT_URGENT_TEXT; the built-in one until the server answers).
 */
export function UrgentHelp() {
  const text = useUrgentHelp(defaultUrgentHelpText);
  return (
    <aside className="callout support-form__urgent" aria-labelledby="urgent-help-heading" data-testid="urgent-help">
      <h3 id="urgent-help-heading">Need help urgently?</h3>
      <p>{text}</p>
    </aside>
  );
}
