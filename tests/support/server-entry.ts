import { join } from 'node:path';
import { builtFrontEntry } from '../../src/server/front-bundle.ts';

/** What `npm run serve` runs: the HTTP front as built by `npm run build` (decision 0031). */
export const serverEntry = join('dist', builtFrontEntry);
