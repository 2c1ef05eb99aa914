import { lazy, Suspense, type ReactNode } from 'react';
import type { SignedInUserInfo } from '../../../shared/contract/user';
import type { UserProfile } from '../../../shared/contract/user';
import { enrolmentContact, explainRegistrationStatus } from '../../../shared/rules/registrationStatus';
import { describeStudyLevel } from '../../../shared/rules/studyLevel';
import { useCurrentRoute } from '../../routing/handle';
import { enrolmentStatusText } from '../../startup/StartupOverlay';
import { profileResource } from '../../startup/userResources';
import { UpdatedAt } from '../../sync/UpdatedAt';
import { useResource } from '../../sync/useResource';
import { EmailAddress, EmailLink } from '../../ui/email/EmailAddress';
import { useSignedInUser } from '../session/useSignedInUser';
import { PersonalTutorSection } from './PersonalTutorSection';
import './profile.css';

// Online only, with the query client it brings: not part of the profile's first paint.
const AccountViewsSection = lazy(() => import('./AccountViewsSection').then((m) => ({ default: m.AccountViewsSection })));

const roleLabels: Record<SignedInUserInfo['userRoles'][number], string> = {
  Student: 'Student',
  TeachingStaff: 'Teaching staff',
  Administrator: 'Administrator',
};

function Fact({ label, value }: { readonly label: string; readonly value: ReactNode }) {
  return (
    <div>
      <dt>{label}</dt>
      <dd>{value ?? 'Not recorded'}</dd>
    </div>
  );
}

function EnrolmentSection({ profile }: { readonly profile: UserProfile }) {
  const explanation = explainRegistrationStatus(profile.registrationStatus);
  return (
    <section className="card profile__section" aria-labelledby="profile-enrolment">
      <h2 id="profile-enrolment">Enrolment</h2>
      <dl className="profile__facts">
        <Fact label="Student ID" value={profile.studentId} />
        <Fact label="Programme" value={profile.programme} />
        <Fact label="School" value={profile.school} />
        <Fact label="Study level" value={describeStudyLevel(profile.studentStudyLevel)} />
        <Fact label="Registration status" value={profile.registrationStatus ?? 'Unknown'} />
      </dl>
      <div className={`profile__status profile__status--${explanation.state}`}>
        <p className="profile__status-summary">{explanation.summary}</p>
        <p>{explanation.detail}</p>
        {explanation.state !== 'enrolled' && (
          <p>
            {enrolmentContact.name}: <EmailLink address={enrolmentContact.email} />
          </p>
        )}
      </div>
    </section>
  );
}

function StaffSection({ user }: { readonly user: SignedInUserInfo }) {
  const roles = user.userRoles.map((role) => roleLabels[role]);
  return (
    <section className="card profile__section" aria-labelledby="profile-staff">
      <h2 id="profile-staff">Your role</h2>
      <dl className="profile__facts">
        <Fact label="Job family" value={user.staffJobFamily} />
        <Fact label="Roles" value={roles.length > 0 ? roles.join(', ') : 'No app roles'} />
      </dl>
    </section>
  );
}

/** /user/profile, reached from the avatar: who the user is, their enrolment and personal tutor, or their staff role. */
export function ProfilePage() {
  const current = useCurrentRoute();
  const user = useSignedInUser();
  const { data: profile, isLoading } = useResource(profileResource);

  return (
    <div className="page profile">
      <header className="page__intro profile__intro">
        <h1>{current?.title ?? 'Profile'}</h1>
        <UpdatedAt resourceKey={profileResource.key} />
      </header>
      <section className="card profile__section" aria-labelledby="profile-you">
        <h2 id="profile-you">{profile?.displayName ?? user.userDisplayName}</h2>
        <dl className="profile__facts">
          <Fact label="Email" value={<EmailAddress address={profile?.emailAddress ?? user.userEmailAddress} />} />
          <Fact label="User name" value={user.userName} />
        </dl>
      </section>
      {profile ? (
        <>
          {user.isStudentSignedIn && <EnrolmentSection profile={profile} />}
          {user.isStaffSignedIn && <StaffSection user={user} />}
          {user.isStudentSignedIn && <PersonalTutorSection />}
        </>
      ) : isLoading ? (
        <div className="profile__loading" role="status" aria-live="polite">
          <span className="spinner" aria-hidden="true" />
          <span>{enrolmentStatusText}</span>
        </div>
      ) : (
        <p className="card profile__section">
          Your enrolment details are not on this device yet, and the server cannot be reached. They will show once you
          are online.
        </p>
      )}
      <Suspense fallback={null}>
        <AccountViewsSection />
      </Suspense>
    </div>
  );
}
