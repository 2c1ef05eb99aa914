import { z } from 'zod/mini';
import * as client from 'openid-client';
import type { Clock } from '../clock.js';
import { roleNames, type Role } from '../../shared/contract/route.js';
import type { OidcConfig } from '../config.js';
import type { Db } from '../db/database.js';
import type { Database } from '../db/schema.js';
import type { ExpressionBuilder } from 'kysely';
import { isOneOf, stringsOf } from '../../shared/guards.js';

/** What the sign-in start hands to the callback, kept in a short-lived signed cookie. */
export const pendingSignInSchema = z.readonly(
  z.object({
    verifier: z.string(),
    state: z.string(),
    nonce: z.string(),
    returnTo: z.string(),
    /** "Keep me signed in on this device", as asked when sign-in started (never read from the callback). */
    keepSignedIn: z.boolean(),
  }),
);
export type PendingSignIn = z.infer<typeof pendingSignInSchema>;

export interface OidcClaims {
  readonly sub: string;
  readonly [claim: string]: unknown;
}

/** The provider's user name belongs to another, already linked account: IT must resolve it. */
/**
 * Sets the roles sign-in grants (the provider's role claims) to exactly `roles`, leaving the ones an
 * import granted (0024): a role held through both stays while either still grants it.
 */
async function replaceSignInRoles(trx: Db, userId: number, roles: readonly Role[]): Promise<void> {
  const dropped = (eb: ExpressionBuilder<Database, 'user_roles'>) =>
    eb.and([eb('user_id', '=', userId), ...(roles.length ? [eb('role', 'not in', [...roles])] : [])]);
  await trx.deleteFrom('user_roles').where(dropped).where('via_import', '=', false).execute();
  await trx.updateTable('user_roles').set({ via_sign_in: false }).where(dropped).execute();
  if (roles.length === 0) return;
  await trx
    .insertInto('user_roles')
    .values(roles.map((role) => ({ user_id: userId, role, via_sign_in: true })))
    .onConflict((oc) => oc.columns(['user_id', 'role']).doUpdateSet({ via_sign_in: true }))
    .execute();
}

export class UserNameTakenError extends Error {
  constructor(readonly userName: string) {
    super(`The user name ${userName} is already linked to another account`);
  }
}

const isLoopback = (url: URL): boolean => ['localhost', '127.0.0.1', '[::1]'].includes(url.hostname);

/** OpenID Connect authorisation code flow with PKCE, against the configured issuer. */
export class OidcService {
  private configuration: Promise<client.Configuration> | undefined;

  constructor(
    private readonly settings: OidcConfig,
    private readonly clock: Clock,
  ) {}

  private discover(): Promise<client.Configuration> {
    this.configuration ??= (async () => {
      const issuer = new URL(this.settings.issuer);
      // Plain http is allowed only for an issuer on this machine (tests and local development).
      const execute = issuer.protocol === 'http:' && isLoopback(issuer) ? [client.allowInsecureRequests] : [];
      return client.discovery(issuer, this.settings.clientId, this.settings.clientSecret, undefined, { execute, timeout: 10 });
    })();
    // A failed discovery is retried on the next sign-in rather than cached forever.
    this.configuration.catch(() => (this.configuration = undefined));
    return this.configuration;
  }

  async start(redirectUri: string, returnTo: string, keepSignedIn = false): Promise<{ url: URL; pending: PendingSignIn }> {
    const config = await this.discover();
    const verifier = client.randomPKCECodeVerifier();
    const pending: PendingSignIn = { verifier, state: client.randomState(), nonce: client.randomNonce(), returnTo, keepSignedIn };
    const url = client.buildAuthorizationUrl(config, {
      redirect_uri: redirectUri,
      scope: this.settings.scopes,
      code_challenge: await client.calculatePKCECodeChallenge(verifier),
      code_challenge_method: 'S256',
      state: pending.state,
      nonce: pending.nonce,
    });
    return { url, pending };
  }

  async finish(currentUrl: URL, pending: PendingSignIn): Promise<{ claims: OidcClaims; idToken: string | null }> {
    const config = await this.discover();
    const tokens = await client.authorizationCodeGrant(config, currentUrl, {
      pkceCodeVerifier: pending.verifier,
      expectedState: pending.state,
      expectedNonce: pending.nonce,
      idTokenExpected: true,
    });
    const claims = tokens.claims();
    if (!claims) throw new Error('The identity provider returned no ID token claims');
    return { claims, idToken: tokens.id_token ?? null };
  }

  async endSessionUrl(idToken: string | null, postLogoutRedirectUri: string): Promise<URL | undefined> {
    const config = await this.discover();
    if (!config.serverMetadata().end_session_endpoint) return undefined;
    return client.buildEndSessionUrl(config, {
      post_logout_redirect_uri: postLogoutRedirectUri,
      ...(idToken ? { id_token_hint: idToken } : {}),
    });
  }

  /** Creates or updates the user the claims describe, with roles and directory groups. Returns the user id. */
  async upsertUser(db: Db, claims: OidcClaims): Promise<number> {
    const text = (name: string): string | undefined => {
      const value = claims[name];
      return typeof value === 'string' && value.trim() !== '' ? value.trim() : undefined;
    };
    const strings = (name: string): string[] => stringsOf(claims[name]);
    // The configured claim alone links a sign-in to an imported person: never an email address.
    const userName = (text(this.settings.usernameClaim) ?? claims.sub).toLowerCase();
    const displayName = text('name') ?? userName;
    const profile = {
      display_name: displayName,
      first_name: text('given_name') ?? displayName.split(' ')[0] ?? displayName,
      email: text('email') ?? '',
    };
    const claimedRoles = strings(this.settings.rolesClaim).filter((r): r is Role => isOneOf(roleNames, r));
    const groupIds = strings(this.settings.groupsClaim);

    return db.transaction().execute(async (trx) => {
      // A user provisioned ahead of time (same user name, not yet linked) is linked on first sign-in.
      const existing = await trx
        .selectFrom('users')
        .select('id')
        .where((eb) => eb.or([eb('oidc_subject', '=', claims.sub), eb.and([eb('user_name', '=', userName), eb('oidc_subject', 'is', null)])]))
        .orderBy('oidc_subject')
        .executeTakeFirst();
      if (!existing) {
        const taken = await trx.selectFrom('users').select('id').where('user_name', '=', userName).executeTakeFirst();
        if (taken) throw new UserNameTakenError(userName);
      }
      const userId = existing
        ? (await trx.updateTable('users').set({ ...profile, oidc_subject: claims.sub }).where('id', '=', existing.id).returning('id').executeTakeFirstOrThrow()).id
        : (await trx.insertInto('users').values({ ...profile, user_name: userName, oidc_subject: claims.sub, created_at: this.clock.now() }).returning('id').executeTakeFirstOrThrow()).id;

      for (const externalId of groupIds) {
        await trx.insertInto('directory_groups').values({ external_id: externalId, name: externalId }).onConflict((oc) => oc.column('external_id').doNothing()).execute();
      }
      const groups = groupIds.length
        ? await trx.selectFrom('directory_groups').select(['id', 'granted_roles']).where('external_id', 'in', groupIds).execute()
        : [];
      await trx.deleteFrom('directory_group_members').where('user_id', '=', userId).execute();
      if (groups.length) await trx.insertInto('directory_group_members').values(groups.map((g) => ({ group_id: g.id, user_id: userId }))).execute();

      // What the groups grant is not copied: it is read from the groups at every request
      // (effective_user_roles, 0025), so withdrawing a grant takes the role away at once.
      await replaceSignInRoles(trx, userId, [...new Set<Role>(claimedRoles)]);
      return userId;
    });
  }
}
