import { accountErasureProcessor } from '../commands/users/erasure.ts';
import type { Projection } from '../projections/core/types.ts';
import { allProjections } from '../projections/index.ts';

/**
 * Everything the workers run from the log: the read models (src/projections/index.ts) and the
 * write side's event processors, which finish a command's work outside the log (they may not
 * live beside the projections: projections never import the write side). The runtime, the
 * admin dashboard and `npm run projections` read this list.
 */
export const allEventConsumers: Projection[] = [...allProjections, accountErasureProcessor];
