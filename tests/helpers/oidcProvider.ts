import { generateKeyPairSync, randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type RequestListener, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
// @ts-expect-error -- oidc-provider ships no type declarations; the little used here is typed below.
import ProviderClass from 'oidc-provider';

/** The claims a test account releases (besides `sub`, which is its account id). */
export interface AccountClaims {
  preferred_username: string;
  name: string;
  given_name: string;
  email: string;
  roles: string[];
  groups: string[];
}

interface Interaction {
  prompt: { name: string; details: { missingOIDCScope?: string[]; missingOIDCClaims?: string[] } };
  params: { client_id: string; login_hint?: string };
  session?: { accountId: string };
  grantId?: string;
}
interface Grant {
  addOIDCScope(scope: string): void;
  addOIDCClaims(claims: string[]): void;
  save(): Promise<string>;
}
interface Provider {
  callback(): RequestListener;
  interactionDetails(req: IncomingMessage, res: ServerResponse): Promise<Interaction>;
  interactionFinished(req: IncomingMessage, res: ServerResponse, result: object, options?: { mergeWithLastSubmission: boolean }): Promise<void>;
  Grant: { new (properties: { accountId: string; clientId: string }): Grant; find(id: string): Promise<Grant | undefined> };
}
const Provider = ProviderClass as new (issuer: string, configuration: object) => Provider;

export interface TestIdentityProvider {
  readonly issuer: string;
  readonly clientId: string;
  readonly clientSecret: string;
  /** Mutable: change an account's claims between sign-ins. */
  readonly accounts: Map<string, AccountClaims>;
  /**
   * Plays the browser at the provider: opens the authorisation URL, signs in as `accountId`,
   * consents, and returns the URL the provider finally redirects to (the relying party's callback).
   */
  signIn(authorizationUrl: string, accountId: string): Promise<URL>;
  /** A GET against the provider with no cookies (e.g. to check an end-session URL is accepted). */
  get(url: string): Promise<Response>;
  close(): Promise<void>;
}

export interface TestIdentityProviderOptions {
  readonly redirectUri: string;
  readonly postLogoutRedirectUri: string;
}

/**
 * A real `oidc-provider` on 127.0.0.1 (free port) with one confidential client and PKCE required.
 * Its interaction pages are replaced by an automatic one: the account is the request's
 * `login_hint` (see `signIn`), and consent is granted for whatever the client asked.
 */
export async function startTestIdentityProvider(options: TestIdentityProviderOptions): Promise<TestIdentityProvider> {
  const accounts = new Map<string, AccountClaims>();
  // Listen first: the issuer identifier needs the port. Requests are handled once the provider exists.
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const issuer = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const clientId = 'campus-companion';
  const clientSecret = randomBytes(24).toString('base64url');
  const signingKey = generateKeyPairSync('rsa', { modulusLength: 2048 }).privateKey.export({ format: 'jwk' });

  const provider = new Provider(issuer, {
    clients: [
      {
        client_id: clientId,
        client_secret: clientSecret,
        token_endpoint_auth_method: 'client_secret_post', // what openid-client uses for a client secret
        grant_types: ['authorization_code'],
        response_types: ['code'],
        redirect_uris: [options.redirectUri],
        post_logout_redirect_uris: [options.postLogoutRedirectUri],
      },
    ],
    jwks: { keys: [{ ...signingKey, kid: 'test-rs256', use: 'sig', alg: 'RS256' }] },
    cookies: { keys: [randomBytes(32).toString('base64url')] },
    pkce: { required: () => true },
    // Release the profile claims, Entra-style `roles` and `groups` included, in the ID token itself.
    claims: {
      openid: ['sub'],
      profile: ['name', 'given_name', 'preferred_username', 'roles', 'groups'],
      email: ['email'],
    },
    conformIdTokenClaims: false,
    features: { devInteractions: { enabled: false } },
    interactions: { url: (_ctx: unknown, interaction: { uid: string }) => `/interaction/${interaction.uid}` },
    findAccount: (_ctx: unknown, id: string) => {
      const claims = accounts.get(id);
      return claims ? { accountId: id, claims: () => ({ sub: id, ...claims }) } : undefined;
    },
    ttl: { AccessToken: 600, AuthorizationCode: 60, IdToken: 600, Interaction: 600, Session: 3600, Grant: 3600 },
  });
  const handle = provider.callback();

  const interact = async (req: IncomingMessage, res: ServerResponse): Promise<void> => {
    const details = await provider.interactionDetails(req, res);
    if (details.prompt.name === 'login') {
      const accountId = details.params.login_hint;
      const result = accountId && accounts.has(accountId)
        ? { login: { accountId } }
        : { error: 'access_denied', error_description: `unknown test account ${accountId}` };
      return provider.interactionFinished(req, res, result, { mergeWithLastSubmission: false });
    }
    const accountId = details.session?.accountId;
    if (!accountId) throw new Error('consent prompt without a signed-in account');
    const grant = (details.grantId ? await provider.Grant.find(details.grantId) : undefined)
      ?? new provider.Grant({ accountId, clientId: details.params.client_id });
    const { missingOIDCScope, missingOIDCClaims } = details.prompt.details;
    if (missingOIDCScope) grant.addOIDCScope(missingOIDCScope.join(' '));
    if (missingOIDCClaims) grant.addOIDCClaims(missingOIDCClaims);
    return provider.interactionFinished(req, res, { consent: { grantId: await grant.save() } }, { mergeWithLastSubmission: true });
  };

  server.on('request', (req: IncomingMessage, res: ServerResponse) => {
    if (!req.url?.startsWith('/interaction/')) return handle(req, res);
    interact(req, res).catch((error: unknown) => {
      res.writeHead(500, { 'content-type': 'text/plain' }).end(String(error));
    });
  });

  const fetchAt = (url: string | URL, cookies: Map<string, string>): Promise<Response> =>
    fetch(url, {
      redirect: 'manual',
      headers: { cookie: [...cookies].map(([name, value]) => `${name}=${value}`).join('; ') },
    });

  return {
    issuer,
    clientId,
    clientSecret,
    accounts,
    async signIn(authorizationUrl, accountId) {
      const cookies = new Map<string, string>(); // a fresh browser: no provider session to reuse
      let url = new URL(authorizationUrl);
      url.searchParams.set('login_hint', accountId);
      for (let hop = 0; hop < 10; hop += 1) {
        const response = await fetchAt(url, cookies);
        for (const setCookie of response.headers.getSetCookie()) {
          const [pair = ''] = setCookie.split(';');
          const eq = pair.indexOf('=');
          cookies.set(pair.slice(0, eq).trim(), pair.slice(eq + 1).trim());
        }
        const location = response.headers.get('location');
        if (response.status < 300 || response.status >= 400 || !location) {
          throw new Error(`the identity provider answered ${response.status} at ${url.pathname}: ${await response.text()}`);
        }
        url = new URL(location, url);
        if (url.origin !== issuer) return url;
      }
      throw new Error('too many redirects at the identity provider');
    },
    get: (url) => fetchAt(url, new Map()),
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.closeAllConnections();
        server.close((error) => (error ? reject(error) : resolve()));
      }),
  };
}
