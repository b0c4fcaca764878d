/**
 * sdk-range's suites reach the SDK under test through vite's resolve alias, which the mock's synchronous `require`
 * (from the library's own folder) cannot follow: it would find the devDependencies' SDK. A real install has one copy,
 * which `require` and `import` both find (docs/aws-behaviour/sdk-reach.md §3.8); so here the mock requires from the
 * sdk-range folder, as it would from a project that installed that SDK.
 */
import { createRequire } from 'node:module';
import { inject } from 'vitest';
import { requireSdkFrom } from '../../src/core/sdk-errors.js';

requireSdkFrom(createRequire(`${inject('sdkRangeFolder')}package.json`));
