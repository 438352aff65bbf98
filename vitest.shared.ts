import { defaultClientConditions, defaultServerConditions } from 'vite';
import { SOURCE_CONDITION } from './scripts/source-condition.mjs';

/**
 * Vite's resolve options for every test project: workspace packages resolve to their sources
 * through the source condition (scripts/source-condition.mjs), so no build is needed to run tests.
 * The condition comes first; Vite's default conditions are kept.
 */
export const sourceResolution = {
  resolve: { conditions: [SOURCE_CONDITION, ...defaultClientConditions] },
  ssr: { resolve: { conditions: [SOURCE_CONDITION, ...defaultServerConditions] } },
};
