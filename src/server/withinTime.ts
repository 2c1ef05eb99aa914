/**
 * `work`'s value if it comes within `ms`, else `fallback` (the work goes on, unheard). The server's
 * one way to give work a time limit: a page's answers (http/pageAnswers.ts), the health probe's
 * database ping (realtime/status.routes.ts).
 */
export async function withinTime<T>(work: Promise<T>, ms: number, fallback: T): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<T>((resolve) => {
    timer = setTimeout(() => resolve(fallback), ms);
  });
  try {
    return await Promise.race([work, late]);
  } finally {
    clearTimeout(timer);
  }
}
