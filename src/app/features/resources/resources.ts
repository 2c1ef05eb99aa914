import { resourcesRoute } from '../../../shared/contract/resources';
import { defineResource } from '../../sync/registry';

/** Categories with their links, and the most opened links (SPEC §7, cached 60 min). */
export const resourcesResource = defineResource({
  key: 'resources',
  route: resourcesRoute,
});
