import { defineProject } from 'vitest/config';

// The benchmarks' own measuring parts (burst detection, the playback model); the benchmarks themselves run with `npm run bench`.
export default defineProject({ test: { name: 'bench', include: ['lib/**/*.test.ts'] } });
