// Types for build-cli.mjs (imported by the admin CLI's tests).
export declare function buildBundle(entry: string, bundle: string, options?: { packageRoot?: string }): Promise<void>;
