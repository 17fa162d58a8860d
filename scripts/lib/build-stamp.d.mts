/** Files and folders (relative to the project) a build is made from (see build-stamp.mjs). */
export const buildInputs: string[];
/** What a build makes that starts need. */
export const buildOutputs: string[];
/** A hash of the build's inputs: every file's path and bytes, and NODE_ENV. */
export function sourcesHash(root: string, inputs?: string[]): string;
/** Why build/ must be built again, or null when it is a complete build of these sources. */
export function buildNeeded(root: string, hash?: string): string | null;
/** At the start of a build: build/ is no longer a finished build of anything. */
export function forgetBuild(root: string): void;
/** The last step of a build: build/ is a finished build of the sources that hashed to `hash`, and made `made` too. */
export function stampBuild(root: string, hash: string, made?: string[]): void;
