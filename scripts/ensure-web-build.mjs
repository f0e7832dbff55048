import { ensureWebBuild } from './web-build.mjs';

ensureWebBuild();
