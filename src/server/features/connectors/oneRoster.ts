import * as oidc from 'openid-client';
import type { OneRosterSettings } from '../../../shared/contract/adminConnectors.js';
import type { BundleFile, CsvValue } from './bundleZip.js';
import { asConnectorError, ConnectorError, getUpstream, refuseLinkLocal, shownUrl, type UpstreamLimits } from './upstream.js';

/**
 * The OneRoster 1.2 REST connector (rostering service): an OAuth 2.0 client-credentials token
 * (openid-client), then each collection read page by page (`limit`/`offset`, until
 * `X-Total-Count`), and turned into the bundle's OneRoster CSV files. The first run reads
 * everything and sends bulk files; later runs ask only for what changed since the last applied
 * run (`filter=dateLastModified>'…'`) and send delta files, `tobedeleted` included.
 */

/** Records asked for per page. */
export const ONEROSTER_PAGE_SIZE = 500;
/** A service that never stops paging ends the run here. */
const MAX_PAGES = 10_000;

type Json = Record<string, unknown>;

const isObject = (value: unknown): value is Json => typeof value === 'object' && value !== null && !Array.isArray(value);
const str = (value: unknown): string => (typeof value === 'string' ? value : typeof value === 'number' || typeof value === 'boolean' ? String(value) : '');
const ref = (value: unknown): string => (isObject(value) ? str(value.sourcedId) : '');
const refs = (value: unknown): string => (Array.isArray(value) ? value.map(ref).filter(Boolean).join(',') : '');

/** Gets an access token with the client-credentials grant (HTTP Basic client authentication). */
export async function clientCredentialsToken(settings: OneRosterSettings, secret: string, limits: UpstreamLimits): Promise<string> {
  const tokenUrl = new URL(settings.tokenUrl);
  // openid-client fetches the token endpoint itself: the same refusal as every other upstream read.
  await refuseLinkLocal(tokenUrl);
  const server: oidc.ServerMetadata = { issuer: tokenUrl.origin, token_endpoint: tokenUrl.href };
  const config = new oidc.Configuration(server, settings.clientId, undefined, oidc.ClientSecretBasic(secret));
  config.timeout = Math.max(1, Math.ceil(limits.timeoutMs / 1000));
  if (tokenUrl.protocol === 'http:') oidc.allowInsecureRequests(config);
  try {
    const token = await oidc.clientCredentialsGrant(config, settings.scope ? { scope: settings.scope } : {});
    return token.access_token;
  } catch (error) {
    if (error instanceof oidc.ResponseBodyError || error instanceof oidc.AuthorizationResponseError) {
      throw new ConnectorError(`The token endpoint ${shownUrl(tokenUrl)} refused the client credentials (${error.error}${error.error_description ? `: ${error.error_description}` : ''}).`);
    }
    if (error instanceof oidc.ClientError && /status code/i.test(error.message)) {
      throw new ConnectorError(`The token endpoint ${shownUrl(tokenUrl)} answered with an error (${error.message}).`);
    }
    throw asConnectorError(error, tokenUrl, limits);
  }
}

interface Collection {
  /** The path under the base URL and the key of the answer's array. */
  readonly name: 'academicSessions' | 'orgs' | 'courses' | 'classes' | 'users' | 'enrollments';
}

/** Reads one collection, every page, optionally only records changed after `since`. */
export async function readCollection(
  settings: OneRosterSettings, token: string, { name }: Collection, since: Date | null, limits: UpstreamLimits, pageSize = ONEROSTER_PAGE_SIZE,
): Promise<Json[]> {
  const base = settings.baseUrl.replace(/\/+$/, '');
  const records: Json[] = [];
  let offset = 0;
  for (let page = 0; page < MAX_PAGES; page++) {
    const url = new URL(`${base}/${name}`);
    url.searchParams.set('limit', String(pageSize));
    url.searchParams.set('offset', String(offset));
    if (since) url.searchParams.set('filter', `dateLastModified>'${since.toISOString()}'`);
    const answer = await getUpstream(url.href, { authorization: `Bearer ${token}`, accept: 'application/json' }, limits);
    let body: unknown;
    try {
      body = JSON.parse(answer.body.toString('utf8'));
    } catch {
      throw new ConnectorError(`${shownUrl(url)} did not answer JSON (a malformed body).`);
    }
    const items = isObject(body) ? body[name] : undefined;
    if (!Array.isArray(items) || !items.every(isObject)) {
      throw new ConnectorError(`${shownUrl(url)} answered without a "${name}" list of records (a malformed body).`);
    }
    records.push(...items);
    offset += items.length;
    const totalHeader = answer.headers.get('x-total-count');
    const total = totalHeader === null ? Number.NaN : Number(totalHeader);
    if (items.length === 0 || (Number.isInteger(total) ? offset >= total : items.length < pageSize)) return records;
  }
  throw new ConnectorError(`${shownUrl(`${base}/${name}`)} kept paging past ${MAX_PAGES} pages.`);
}

const base = ['sourcedId', 'status', 'dateLastModified'] as const;
const metadataColumns = ['registrationStatus', 'studyLevel', 'programme', 'isStudentVisaHolder', 'staffJobFamily', 'personalTutorSourcedId'] as const;

/** A record's `metadata.cc.<key>`, whether the service sends `{ "cc.key": … }` or `{ cc: { key: … } }`. */
function metadataOf(record: Json, key: string): string {
  const metadata = record.metadata;
  if (!isObject(metadata)) return '';
  const flat = metadata[`cc.${key}`];
  if (flat !== undefined) return str(flat);
  const cc = metadata.cc;
  return isObject(cc) ? str(cc[key]) : '';
}

/** The roles a OneRoster 1.2 user carries (or, from a 1.1-style service, its `role` over its `orgs`). */
function rolesOf(user: Json): { role: string; roleType: string; org: string; beginDate: string; endDate: string }[] {
  if (Array.isArray(user.roles)) {
    return user.roles.filter(isObject).map((r) => ({ role: str(r.role), roleType: str(r.roleType) || 'primary', org: ref(r.org), beginDate: str(r.beginDate), endDate: str(r.endDate) }));
  }
  const role = str(user.role);
  if (!role || !Array.isArray(user.orgs)) return [];
  return user.orgs.map((org, i) => ({ role, roleType: i === 0 ? 'primary' : 'secondary', org: ref(org), beginDate: '', endDate: '' }));
}

export type OneRosterData = Record<Collection['name'], Json[]>;

/**
 * The bundle's OneRoster files from what the service returned. Bulk (`delta` false): only active
 * records, status and dates left blank. Delta: every record with its status and dateLastModified.
 */
export function oneRosterFiles(data: OneRosterData, delta: boolean): BundleFile[] {
  const mode = delta ? 'delta' : 'bulk';
  const keep = (record: Json): boolean => delta || str(record.status) !== 'tobedeleted';
  const head = (r: Json): CsvValue[] => [str(r.sourcedId), delta ? str(r.status) || 'active' : '', delta ? str(r.dateLastModified) : ''];
  const file = (name: string, manifestKey: string, columns: readonly string[], rows: CsvValue[][]): BundleFile => ({ name, manifestKey, mode, columns: [...base, ...columns], rows });
  const users = data.users.filter(keep);
  return [
    file('academicSessions.csv', 'academicSessions', ['title', 'type', 'startDate', 'endDate', 'parentSourcedId', 'schoolYear'],
      data.academicSessions.filter(keep).map((r) => [...head(r), str(r.title), str(r.type), str(r.startDate), str(r.endDate), ref(r.parent), str(r.schoolYear)])),
    file('orgs.csv', 'orgs', ['name', 'type', 'identifier', 'parentSourcedId'],
      data.orgs.filter(keep).map((r) => [...head(r), str(r.name), str(r.type), str(r.identifier), ref(r.parent)])),
    file('courses.csv', 'courses', ['title', 'courseCode', 'schoolYearSourcedId', 'orgSourcedId'],
      data.courses.filter(keep).map((r) => [...head(r), str(r.title), str(r.courseCode), ref(r.schoolYear), ref(r.org)])),
    file('classes.csv', 'classes', ['title', 'courseSourcedId', 'classType', 'classCode', 'termSourcedIds', 'schoolSourcedId', 'location'],
      data.classes.filter(keep).map((r) => [...head(r), str(r.title), ref(r.course), str(r.classType), str(r.classCode), refs(r.terms), ref(r.school), str(r.location)])),
    file('users.csv', 'users', ['enabledUser', 'username', 'givenName', 'familyName', 'identifier', 'email', 'preferredGivenName', 'preferredFamilyName', 'primaryOrgSourcedId',
      ...metadataColumns.map((c) => `metadata.cc.${c}`)],
    users.map((r) => [...head(r), str(r.enabledUser) || 'true', str(r.username), str(r.givenName), str(r.familyName), str(r.identifier), str(r.email),
      str(r.preferredFirstName ?? r.preferredGivenName), str(r.preferredLastName ?? r.preferredFamilyName), ref(r.primaryOrg) || ref(Array.isArray(r.orgs) ? r.orgs[0] : undefined),
      ...metadataColumns.map((c) => metadataOf(r, c))])),
    // OneRoster 1.2 carries a user's roles inside the user; the bundle has them as rows of their
    // own, keyed by user, role and org (a stable triple: none of it is a mutable name).
    file('roles.csv', 'roles', ['userSourcedId', 'roleType', 'role', 'orgSourcedId', 'beginDate', 'endDate'],
      users.flatMap((u) => rolesOf(u).filter((r) => r.role && r.org).map((r) => [
        `${str(u.sourcedId)}:${r.role}:${r.org}`, delta ? str(u.status) || 'active' : '', delta ? str(u.dateLastModified) : '',
        str(u.sourcedId), r.roleType, r.role, r.org, r.beginDate, r.endDate,
      ]))),
    file('enrollments.csv', 'enrollments', ['classSourcedId', 'userSourcedId', 'role', 'primary', 'beginDate', 'endDate', 'schoolSourcedId'],
      data.enrollments.filter(keep).map((r) => [...head(r), ref(r.class), ref(r.user), str(r.role), str(r.primary), str(r.beginDate), str(r.endDate), ref(r.school)])),
  ];
}

/** Reads every collection (changes since `since` only, when given) and returns the bundle's files. */
export async function readOneRoster(
  settings: OneRosterSettings, secret: string, since: Date | null, limits: UpstreamLimits, pageSize = ONEROSTER_PAGE_SIZE,
): Promise<BundleFile[]> {
  const token = await clientCredentialsToken(settings, secret, limits);
  const read = (name: Collection['name']) => readCollection(settings, token, { name }, since, limits, pageSize);
  // One after another: a service that rate limits its clients sees one request at a time.
  const data: OneRosterData = {
    academicSessions: await read('academicSessions'), orgs: await read('orgs'), courses: await read('courses'),
    classes: await read('classes'), users: await read('users'), enrollments: await read('enrollments'),
  };
  return oneRosterFiles(data, since !== null);
}
