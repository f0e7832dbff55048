import speakerPackage from '../package.json' with { type: 'json' };

/** Set by the package build (scripts/package-speaker.mjs) when it builds another version than package.json's. */
declare const __LOA_AGENT_VERSION__: string | undefined;

/** The agent's version: apps/speaker/package.json's, which is also the Debian package's (npm run package:speaker). */
export const AGENT_VERSION: string = typeof __LOA_AGENT_VERSION__ === 'string' ? __LOA_AGENT_VERSION__ : speakerPackage.version;
