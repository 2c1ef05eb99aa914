import { readFile } from 'node:fs/promises';
import { notificationTag } from '../../shared/rules/notificationTag.js';
import type { PushOutcome, PushPayload, PushProvider, PushTarget } from './pushProvider.js';
import { errorCode, isRecord } from '../../shared/guards.js';

/** The part of firebase-admin's Messaging this provider uses. */
export interface FcmMessaging {
  send(message: {
    token: string;
    data: Record<string, string>;
    webpush?: { headers?: Record<string, string>; fcmOptions?: { link?: string } };
  }): Promise<string>;
}

/** FCM error codes (firebase-admin `messaging/...`) that mean the token is dead or worth retrying. */
const GONE = new Set(['messaging/registration-token-not-registered', 'messaging/invalid-registration-token']);
const RETRY = new Set(['messaging/server-unavailable', 'messaging/internal-error', 'messaging/quota-exceeded', 'messaging/message-rate-exceeded', 'app/network-error', 'app/network-timeout']);

/** Firebase Cloud Messaging for devices whose token is an FCM registration token. */
export class FcmProvider implements PushProvider {
  readonly name = 'fcm' as const;

  constructor(private readonly messaging: FcmMessaging) {}

  async send(target: PushTarget, payload: PushPayload): Promise<PushOutcome> {
    try {
      await this.messaging.send({
        token: target.token,
        // FCM data values are strings; the service worker parses them back.
        data: { rowId: String(payload.rowId), title: payload.title, body: payload.body, url: payload.url ?? '', type: payload.type },
        // FCM passes Web Push headers on to the browser's push service: the Topic collapses a
        // retried copy still waiting there, as for our own Web Push sends.
        webpush: { headers: { TTL: String(24 * 60 * 60), Urgency: 'normal', Topic: notificationTag(payload.rowId) } },
      });
      return { kind: 'delivered' };
    } catch (error) {
      const code = errorCode(error);
      const reason = code ?? (error instanceof Error ? error.message : 'FCM error');
      if (code !== undefined && GONE.has(code)) return { kind: 'gone' };
      if (code === undefined || RETRY.has(code)) return { kind: 'retry', reason };
      return { kind: 'failed', reason };
    }
  }
}

interface FirebaseAppModule {
  initializeApp(options: { credential: unknown }, name: string): { name: string };
  getApps(): { name: string }[];
  cert(serviceAccount: object): unknown;
}
interface FirebaseMessagingModule {
  getMessaging(app: unknown): FcmMessaging;
}

const FIREBASE_APP = 'campus-companion-push';

/** Imports an optional package by a name TypeScript does not resolve, so it need not be installed. */
const importOptional = (name: string): Promise<unknown> => import(name);

/**
 * Loads FCM when a service account is configured: its JSON, or a path to the JSON file.
 * `firebase-admin` is optional (`npm install firebase-admin`) and imported only here.
 */
export async function loadFcmProvider(serviceAccount: string): Promise<FcmProvider> {
  const json = serviceAccount.startsWith('{') ? serviceAccount : await readFile(serviceAccount, 'utf8');
  let account: unknown;
  try {
    account = JSON.parse(json);
  } catch {
    account = undefined;
  }
  if (!isRecord(account)) throw new Error('FCM_SERVICE_ACCOUNT_JSON is neither a service account JSON nor a path to one.');
  let app: FirebaseAppModule;
  let messaging: FirebaseMessagingModule;
  try {
    app = (await importOptional('firebase-admin/app')) as FirebaseAppModule;
    messaging = (await importOptional('firebase-admin/messaging')) as FirebaseMessagingModule;
  } catch {
    throw new Error('FCM_SERVICE_ACCOUNT_JSON is set but firebase-admin is not installed: run "npm install firebase-admin".');
  }
  // One Firebase app per process: a second buildApp (tests, a restart in-process) reuses it.
  const firebase = app.getApps().find((a) => a.name === FIREBASE_APP) ?? app.initializeApp({ credential: app.cert(account) }, FIREBASE_APP);
  return new FcmProvider(messaging.getMessaging(firebase));
}
