/** The full-screen overlay of SPEC §2, shown while the profile loads for the first time. */
export const enrolmentStatusText = 'Fetching your enrolment status...';

export function StartupOverlay() {
  return (
    <div className="startup-overlay">
      <div role="status" aria-live="polite" className="startup-overlay__status">
        <span className="spinner" aria-hidden="true" />
        <span>{enrolmentStatusText}</span>
      </div>
    </div>
  );
}
