// Types for cli-bundle.mjs (imported by the tests that start the admin CLI as a process).
export declare const CLI_BUNDLE: string;
export declare function writeBundleManifest(root: string, bundle: string, inputs: string[], builtAt: number): void;
export declare function freshBundle(root: string, bundle: string): string | null;
