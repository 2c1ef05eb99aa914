import { describe, expect, it } from 'vitest';
import { cookies, persistentCookies } from '../../../../src/shared/constants';
import { consentFor, consentOwnerMarker, type StoredConsent } from '../../../../src/app/features/analytics/consentOwner';
import { keptOnSignOut } from '../../../../src/app/features/session/signOut';
import { cookieList } from '../../../../src/app/features/settings/cookieList';

// Security item 7: an analytics answer belongs to the user who gave it. Another user of the same
// browser, or an answer nobody owns, reads as unanswered: the banner asks again, nothing loads.

const answeredBy = (answer: StoredConsent['answer'], userName: string | null): StoredConsent => ({
  answer,
  owner: userName === null ? null : consentOwnerMarker(userName),
});

describe('whose analytics answer it is', () => {
  it('marks each user the same way every time, differently from other users, without their name', () => {
    expect(consentOwnerMarker('student')).toBe(consentOwnerMarker('student'));
    const markers = ['student', 'student2', 'Student', 'lecturer', 'admin', 'a.long.name@campus.example.ac.uk'].map(consentOwnerMarker);
    expect(new Set(markers).size).toBe(markers.length);
    for (const marker of markers) expect(marker).toMatch(/^[0-9a-z]{1,11}$/);
    expect(consentOwnerMarker('student')).not.toContain('student');
  });

  it("holds the answer for the user who gave it, granted or denied", () => {
    expect(consentFor(answeredBy('granted', 'student'), 'student')).toBe('granted');
    expect(consentFor(answeredBy('denied', 'student'), 'student')).toBe('denied');
  });

  it("reads another user's answer as unanswered, so that user is asked again", () => {
    expect(consentFor(answeredBy('granted', 'student'), 'student2')).toBeNull();
    expect(consentFor(answeredBy('denied', 'student'), 'student2')).toBeNull();
  });

  it('reads an answer nobody owns as unanswered, for every user', () => {
    for (const userName of ['student', 'student2', 'admin']) {
      expect(consentFor(answeredBy('granted', null), userName)).toBeNull();
      expect(consentFor(answeredBy('denied', null), userName)).toBeNull();
    }
  });

  it('holds nothing without a signed-in user, or without an answer', () => {
    expect(consentFor(answeredBy('granted', 'student'), undefined)).toBeNull();
    expect(consentFor(answeredBy(null, 'student'), 'student')).toBeNull();
  });

  it('keeps the owner with the answer at sign-out, and lists it among the cookies in Privacy settings', () => {
    expect(persistentCookies).toContain(cookies.analyticsConsentUser);
    expect(keptOnSignOut.cookies).toEqual(expect.arrayContaining([cookies.analyticsConsent, cookies.analyticsConsentUser]));
    const listed = cookieList.map((cookie) => cookie.name);
    for (const name of persistentCookies) expect(listed).toContain(name);
  });
});
