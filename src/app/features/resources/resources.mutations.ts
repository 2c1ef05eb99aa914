/** Counting a link open, as a named mutation (see sync/mutation.ts): queued, so opens made offline still count. */
import { z } from 'zod/mini';
import { rowId } from '../../../shared/contract/common';
import { openResourceRoute } from '../../../shared/contract/resources';
import { defineMutation } from '../../sync/mutation';

/** No optimistic change: popularity is the server's to compute. */
export const countOpenMutation = defineMutation<{ rowId: number }, never>({
  name: 'resources.open',
  args: z.object({ rowId }),
  route: openResourceRoute,
  params: ({ rowId: id }) => ({ rowId: id }),
});
