// web-push-testing ships no types; these cover what tests/helpers/localPushService.ts uses.
declare module 'web-push-testing/src/PushApiModel.js' {
  export class PushApiModel {
    notifyUrl: string;
  }
  const model: { PushApiModel: typeof PushApiModel };
  export default model;
}

declare module 'web-push-testing/src/server.js' {
  import type { Server } from 'node:http';
  import type { PushApiModel } from 'web-push-testing/src/PushApiModel.js';

  export default class WebPushTestingServer {
    constructor(model: PushApiModel, port: number);
    /** The express app. */
    readonly _app: { listen(port: number, host: string): Server };
    setRequestHandlers(): void;
  }
}
