import type { Role } from '../../../shared/contract/route';
import type { SignedInUserInfo } from '../../../shared/contract/user';
import { useSignedInUser } from '../../session/useSignedInUser';
import { DocumentTitle } from '../../ui/DocumentTitle';

const roleLabels = {
  Student: 'Student',
  TeachingStaff: 'Teaching staff',
  Administrator: 'Administrator',
} as const satisfies Record<Role, string>;

function describeRoles(user: SignedInUserInfo): string {
  if (user.userRoles.length === 0) return user.staffJobFamily ?? 'Staff';
  return user.userRoles.map((role) => roleLabels[role]).join(', ');
}

/** The signed-in overview. Timetable, attendance and resources panels arrive with their features. */
export function HomePage() {
  const user = useSignedInUser();
  return (
    <div className="page home">
      <DocumentTitle label="Home" />
      <div className="page__intro">
        <h1>Welcome, {user.userFirstName}</h1>
        <p>Here is your day on campus at a glance.</p>
      </div>
      <section className="card" aria-labelledby="profile-heading">
        <h2 id="profile-heading">Your account</h2>
        <dl className="details">
          <div>
            <dt>Name</dt>
            <dd>{user.userDisplayName}</dd>
          </div>
          <div>
            <dt>Email</dt>
            <dd>{user.userEmailAddress}</dd>
          </div>
          <div>
            <dt>Role</dt>
            <dd>{describeRoles(user)}</dd>
          </div>
        </dl>
      </section>
    </div>
  );
}
