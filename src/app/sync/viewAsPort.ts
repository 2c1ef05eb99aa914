/**
 * The one question the core (the outbox, write delivery, refusal notices) asks about view-as:
 * is the active user one an administrator views as (issue 17)? The view-as feature answers it:
 * it registers its `isViewingAs` at app start (`features/viewAs/registerViewAsPort.ts`, called from
 * `main.tsx`), so `api/`, `db/` and `sync/` import no feature.
 *
 * Until a feature registers, nobody is viewing as anyone: a context that never registers (the
 * service worker) queues as usual, and the server still refuses every write of a view-as session.
 */
export interface ViewAsPort {
  readonly isViewingAs: () => boolean;
}

const notViewing: ViewAsPort = { isViewingAs: () => false };

let port: ViewAsPort = notViewing;

/** Registers the view-as feature's answer; returns a function that removes it again (tests). */
export function setViewAsPort(next: ViewAsPort): () => void {
  port = next;
  return () => {
    if (port === next) port = notViewing;
  };
}

/** Whether the active user is being viewed as by an administrator, as the registered port says. */
export function isViewingAs(): boolean {
  return port.isViewingAs();
}
