import { useEffect } from 'react';
import type { PersonalTutor } from '../../../shared/contract/user';
import { personalTutorResource } from '../../startup/userResources';
import { UpdatedAt } from '../../sync/UpdatedAt';
import { useResource } from '../../sync/useResource';
import { EmailLink } from '../../ui/email/EmailAddress';
import { toast } from '../../ui/toast/toastStore';
import { tutorFailureNotice } from './tutorNotice';

function TutorDetails({ tutor }: { readonly tutor: PersonalTutor }) {
  return (
    <dl className="profile__facts">
      <div>
        <dt>Name</dt>
        <dd>{tutor.displayName}</dd>
      </div>
      <div>
        <dt>Email</dt>
        <dd>
          <EmailLink address={tutor.emailAddress} />
        </dd>
      </div>
      <div>
        <dt>Office</dt>
        <dd>{tutor.office ?? 'Not recorded'}</dd>
      </div>
      {tutor.telephone && (
        <div>
          <dt>Telephone</dt>
          <dd>
            <a href={`tel:${tutor.telephone}`}>{tutor.telephone}</a>
          </dd>
        </div>
      )}
    </dl>
  );
}

/** The student's personal tutor (cached 1440 min), with a mail link. */
export function PersonalTutorSection() {
  const { data: tutor, isLoading, error } = useResource(personalTutorResource);
  const notice = tutorFailureNotice(error);
  useEffect(() => {
    if (notice) toast.negative(notice);
  }, [notice]);

  return (
    <section className="card profile__section" aria-labelledby="profile-tutor">
      <div className="profile__section-head">
        <h2 id="profile-tutor">Personal tutor</h2>
        <UpdatedAt resourceKey={personalTutorResource.key} />
      </div>
      {tutor ? (
        <>
          <TutorDetails tutor={tutor} />
          <p>
            <a className="button" href={`mailto:${tutor.emailAddress}`}>
              Email {tutor.displayName}
            </a>
          </p>
        </>
      ) : tutor === null ? (
        <p>You do not have a personal tutor assigned yet. Your school office can tell you who it will be.</p>
      ) : isLoading ? (
        <p role="status">Loading your personal tutor…</p>
      ) : (
        <p>Your personal tutor’s details are not available on this device yet. They will show once you are online.</p>
      )}
    </section>
  );
}
