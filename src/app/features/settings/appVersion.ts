// Vite inlines just this one field of package.json; the rest stays out of the bundle.
import { version } from '../../../../package.json';

/** The app's version, from package.json. */
export const appVersion: string = version;
