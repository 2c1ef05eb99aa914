import type { Connector, ConnectorBody, ConnectorKind } from '../../../../shared/contract/adminConnectors';

/** One feed row of the form; `key` keeps React's rows apart while rows are added and removed. */
export interface FeedDraft {
  readonly key: number;
  readonly classCode: string;
  readonly url: string;
}

/** What the connector form holds, as typed: every kind's fields, the chosen kind's are sent. */
export interface ConnectorDraft {
  readonly name: string;
  readonly kind: ConnectorKind;
  readonly schedule: string;
  readonly isEnabled: boolean;
  readonly baseUrl: string;
  readonly tokenUrl: string;
  readonly clientId: string;
  readonly scope: string;
  /** A new secret as typed; blank sends none (on an edit: keeps the stored one). */
  readonly secret: string;
  /** On an edit: remove the stored secret (sends null). */
  readonly removeSecret: boolean;
  readonly urlTemplate: string;
  readonly feeds: readonly FeedDraft[];
}

export const emptyConnectorDraft: ConnectorDraft = {
  name: '', kind: 'ical', schedule: '0 * * * *', isEnabled: true,
  baseUrl: 'https://', tokenUrl: 'https://', clientId: '', scope: '', secret: '', removeSecret: false,
  urlTemplate: '', feeds: [],
};

/** The form filled from a stored connector (its secret is never known here, only whether one is set). */
export function draftOf(connector: Connector): ConnectorDraft {
  const { settings } = connector;
  const base = { ...emptyConnectorDraft, name: connector.name, kind: connector.kind, schedule: connector.schedule, isEnabled: connector.isEnabled };
  if (settings.kind === 'oneRoster') {
    return { ...base, baseUrl: settings.baseUrl, tokenUrl: settings.tokenUrl, clientId: settings.clientId, scope: settings.scope ?? '' };
  }
  return { ...base, urlTemplate: settings.urlTemplate ?? '', feeds: settings.feeds.map((f, key) => ({ key, classCode: f.classCode, url: f.url })) };
}

/**
 * The body the server is sent. Blank optional text becomes null; feed rows are sent as typed, so
 * the server's errors (`settings.feeds.<n>.url`) point at the row on screen. The secret: a typed
 * one replaces the stored one; on an edit, blank keeps it unless its removal is ticked (null).
 */
export function bodyOf(draft: ConnectorDraft, isEditing: boolean): ConnectorBody {
  const common = { name: draft.name, schedule: draft.schedule, isEnabled: draft.isEnabled };
  if (draft.kind === 'ical') {
    return {
      ...common,
      settings: { kind: 'ical', urlTemplate: draft.urlTemplate.trim() ? draft.urlTemplate.trim() : null, feeds: draft.feeds.map(({ classCode, url }) => ({ classCode: classCode.trim(), url: url.trim() })) },
    };
  }
  const secret = draft.secret !== '' ? { secret: draft.secret } : isEditing && draft.removeSecret ? { secret: null } : {};
  return {
    ...common,
    settings: { kind: 'oneRoster', baseUrl: draft.baseUrl.trim(), tokenUrl: draft.tokenUrl.trim(), clientId: draft.clientId.trim(), scope: draft.scope.trim() ? draft.scope.trim() : null },
    ...secret,
  };
}
