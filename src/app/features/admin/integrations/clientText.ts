import dayjs from 'dayjs';
import { integrationScopeLabels, type IntegrationClient } from '../../../../shared/contract/integration';

/** A client's permissions in words, in the contract's order. */
export function scopesText(client: Pick<IntegrationClient, 'scopes'>): string {
  return client.scopes.map((scope) => integrationScopeLabels[scope]).join(', ');
}

/** An instant as an operator reads it: 'Thu 26 Nov 2026, 09:00'. */
export function humanDateTime(iso: string): string {
  return dayjs(iso).format('ddd D MMM YYYY, HH:mm');
}

export type ClientStatus = 'Active' | 'Expired' | 'Revoked';

/** Whether the client's token works now. */
export function clientStatus(client: Pick<IntegrationClient, 'revokedAt' | 'expiresAt'>, nowMs: number): ClientStatus {
  if (client.revokedAt) return 'Revoked';
  return Date.parse(client.expiresAt) <= nowMs ? 'Expired' : 'Active';
}

/** Its last use in words: when and from where, or that it has not been used. */
export function lastUseText(client: Pick<IntegrationClient, 'lastUsedAt' | 'lastUsedAddress'>): string {
  if (!client.lastUsedAt) return 'Never used';
  return `${humanDateTime(client.lastUsedAt)}${client.lastUsedAddress ? ` from ${client.lastUsedAddress}` : ''}`;
}
