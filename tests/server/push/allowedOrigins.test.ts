import { describe, expect, it } from 'vitest';
import { DEFAULT_PUSH_ORIGINS, loadConfig } from '../../../src/server/config.js';
import { AllowedOrigins } from '../../../src/server/push/allowedOrigins.js';

describe('allowed push service origins', () => {
  const defaults = new AllowedOrigins(DEFAULT_PUSH_ORIGINS);

  it.each([
    'https://fcm.googleapis.com/fcm/send/abc:def',
    'https://updates.push.services.mozilla.com/wpush/v2/gAAAA',
    'https://wns2-db5p.notify.windows.com/w/?token=AwY',
    'https://web.push.apple.com/QG9',
    'https://FCM.googleapis.com/fcm/send/x',
  ])('accepts %s', (endpoint) => {
    expect(defaults.allows(endpoint)).toBe(true);
  });

  it.each([
    ['another host', 'https://attacker.example/fcm/send/x'],
    ['plain http', 'http://fcm.googleapis.com/fcm/send/x'],
    ['another port', 'https://fcm.googleapis.com:8443/fcm/send/x'],
    ['a look-alike suffix', 'https://fcm.googleapis.com.attacker.example/x'],
    ['the wildcard\'s bare domain', 'https://notify.windows.com/w/'],
    ['a suffix without a dot', 'https://evilnotify.windows.com/w/'],
    ['the suffix in the path', 'https://attacker.example/.notify.windows.com'],
    ['credentials', 'https://user:pass@fcm.googleapis.com/fcm/send/x'],
    ['an internal address', 'http://127.0.0.1:5432/'],
    ['not a URL', 'fcm.googleapis.com/fcm/send/x'],
  ])('refuses %s', (_what, endpoint) => {
    expect(defaults.allows(endpoint)).toBe(false);
  });

  it('takes a local origin with a port from the configuration', () => {
    const config = loadConfig({ PUSH_ALLOWED_ORIGINS: 'http://127.0.0.1:41234, https://*.push.example' });
    const origins = new AllowedOrigins(config.push.allowedOrigins);
    expect(origins.allows('http://127.0.0.1:41234/notify/abc')).toBe(true);
    expect(origins.allows('http://127.0.0.1:41235/notify/abc')).toBe(false);
    expect(origins.allows('https://eu.push.example/x')).toBe(true);
    expect(origins.allows('https://fcm.googleapis.com/fcm/send/x')).toBe(false);
  });

  it('refuses a configured entry that is not an origin', () => {
    expect(() => loadConfig({ PUSH_ALLOWED_ORIGINS: 'https://push.example/path' })).toThrow(/PUSH_ALLOWED_ORIGINS/);
    expect(() => loadConfig({ PUSH_ALLOWED_ORIGINS: 'https://push.*.example' })).toThrow(/PUSH_ALLOWED_ORIGINS/);
  });
});
