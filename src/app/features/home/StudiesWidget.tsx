import { fullyEnrolledStatus } from '../../../shared/constants';
import { isStudyLevelCode, studyLevelNames, type UserProfile } from '../../../shared/contract/user';
import { profileResource } from '../../startup/userResources';
import { useResource } from '../../sync/useResource';
import { isAwaitingData, useHoldLayout } from '../../ui/layoutHold/holdContext';

function studyLevel(code: number | null): string {
  if (code === null) return 'Not recorded';
  return isStudyLevelCode(code) ? studyLevelNames[code] : 'Not recorded';
}

function enrolment(status: string | null): string {
  if (status === null) return 'Unknown: we could not determine your enrolment status';
  return status === fullyEnrolledStatus ? 'Fully enrolled' : `Not fully enrolled (${status})`;
}

function Details({ profile }: { readonly profile: UserProfile }) {
  return (
    <dl className="widget__facts">
      <dt>Programme</dt>
      <dd>{profile.programme ?? 'Not recorded'}</dd>
      <dt>School</dt>
      <dd>{profile.school ?? 'Not recorded'}</dd>
      <dt>Study level</dt>
      <dd>{studyLevel(profile.studentStudyLevel)}</dd>
      <dt>Enrolment</dt>
      <dd>{enrolment(profile.registrationStatus)}</dd>
    </dl>
  );
}

/** The student's programme and enrolment, from the cached profile (so it shows offline too). */
export default function StudiesWidget() {
  const profile = useResource(profileResource);
  const { data } = profile;
  useHoldLayout(isAwaitingData(profile));
  if (!data) return <p className="widget__empty">Loading your details…</p>;
  return <Details profile={data} />;
}
