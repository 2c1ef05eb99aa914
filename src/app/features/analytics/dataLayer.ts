import type { UserAnalytics } from '../../../shared/contract/user';

declare global {
  interface Window {
    dataLayer?: unknown[];
  }
}

/** The analytics data layer (`window.dataLayer`, the convention gtag.js and tag managers read). */
export function dataLayer(): unknown[] {
  window.dataLayer ??= [];
  return window.dataLayer;
}

/** The event name under which the user's analytics data (SPEC §3) is pushed on page load. */
export const userDataEvent = 'user_analytics';

/** The user's analytics data as the server gave it: no visa status unless ANALYTICS_SEND_VISA_STATUS is on. */
export function pushUserData(data: UserAnalytics): void {
  dataLayer().push({
    event: userDataEvent,
    uuid: data.uuid,
    isStaff: data.isStaff,
    staffJobFamily: data.staffJobFamily,
    isStudent: data.isStudent,
    ...(data.isStudentVisaHolder === undefined ? {} : { isStudentVisaHolder: data.isStudentVisaHolder }),
    studyLevel: data.studyLevel,
    programme: data.programme,
    school: data.school,
  });
}

/** Marks the script elements the adapters add, so that a denial can take them all out again. */
export const analyticsScriptAttribute = 'data-analytics';

export function addAnalyticsScript(src: string, attributes: Readonly<Record<string, string>> = {}): HTMLScriptElement {
  const script = document.createElement('script');
  script.async = true;
  script.src = src;
  script.setAttribute(analyticsScriptAttribute, '');
  for (const [name, value] of Object.entries(attributes)) script.setAttribute(name, value);
  document.head.append(script);
  return script;
}

/** Takes out every analytics script element and the globals the providers define. */
export function removeAnalyticsScripts(): void {
  for (const script of document.querySelectorAll(`script[${analyticsScriptAttribute}]`)) script.remove();
  const globals = window as unknown as Record<string, unknown>;
  for (const name of ['dataLayer', 'gtag', '_paq', 'Matomo', 'Piwik', 'plausible', 'umami']) delete globals[name];
}
