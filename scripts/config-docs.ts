import { writeFileSync } from 'node:fs';
import { renderConfigurationPage } from '../src/server/configDocs.js';

// Writes docs/configuration.md from src/server/configDocs.ts (npm run docs:config). The unit test
// tests/server/configDocs.test.ts fails while the page on disk differs from what this writes.
const target = new URL('../docs/configuration.md', import.meta.url);
writeFileSync(target, renderConfigurationPage());
console.log(`wrote ${target.pathname}`);
