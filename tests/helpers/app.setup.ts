// Gives the app project a real IndexedDB implementation for Dexie.
import 'fake-indexeddb/auto';
import { registerViewAsPort } from '../../src/app/features/viewAs/registerViewAsPort';

// As src/app/main.tsx does at app start: the core (outbox, write delivery) asks the view-as
// feature through its port. tests/app/sync/outboxViewAs.test.ts shows the core without it.
registerViewAsPort();
