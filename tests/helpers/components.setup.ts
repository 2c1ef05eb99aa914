// Component tests: Testing Library's DOM matchers, a clean document after every test, and room for a busy machine.
import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { afterEach } from 'vitest';

// findBy…/waitFor give up after 5 s, not 1 s: they return as soon as what they wait for shows, so
// this costs nothing when the machine is quiet, and a busy run (three workers on two cores) no
// longer fails a test whose page was merely slow to render.
configure({ asyncUtilTimeout: 5_000 });

afterEach(() => {
  cleanup();
});
