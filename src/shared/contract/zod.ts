import { z } from 'zod/mini';
import en from 'zod/v4/locales/en.js';

/**
 * The zod the contract is written in: `zod/mini`, whose functional API tree-shakes (classic zod
 * costs the client bundle about three times as much). Every contract file imports `z` from here.
 *
 * Unlike classic zod, mini loads no locale, so every built-in issue would read just "Invalid
 * input". Registering English (as classic does, and only when no locale is set yet) keeps the
 * messages of 400 field errors and of the client's invalid-response details as they were.
 */
if (!z.config().localeError) z.config(en());

export { z };
