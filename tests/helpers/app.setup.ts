// Gives the app project a real IndexedDB implementation for Dexie.
import 'fake-indexeddb/auto';
