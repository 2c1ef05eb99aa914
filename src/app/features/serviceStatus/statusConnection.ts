import { z } from 'zod/mini';
import { realtimeHubPath, serviceStatusesJsonSchema, updateStatusesEvent } from '../../../shared/contract/realtime';
import { readXsrfToken } from '../../api/xsrf';
import type { ConnectFeed } from './statusFeed.machine';

/**
 * Connects to the status hub with the official SignalR client, over server-sent events only
 * (the one transport the server offers). The client library is loaded on first use, so it is not
 * part of any page's initial JavaScript. Retrying is the feed machine's job, not the library's.
 */
export const connectStatusFeed: ConnectFeed = async (handlers, signal) => {
  const signalR = await import('@microsoft/signalr');
  const xsrf = readXsrfToken();
  const connection = new signalR.HubConnectionBuilder()
    .withUrl(realtimeHubPath, {
      transport: signalR.HttpTransportType.ServerSentEvents,
      withCredentials: true,
      // Negotiate and sends are POSTs: they carry the antiforgery token like every other write.
      headers: xsrf ? { 'X-XSRF-TOKEN': xsrf } : {},
    })
    .configureLogging(signalR.LogLevel.None)
    .build();
  connection.on(updateStatusesEvent, (_version: unknown, json: unknown) => {
    const parsed = z.safeParse(serviceStatusesJsonSchema, json);
    if (parsed.success) handlers.onStatuses(parsed.data);
  });
  connection.onclose(() => handlers.onClose());
  await connection.start();
  const stop = () => connection.stop();
  if (signal.aborted) await stop();
  return { stop };
};
