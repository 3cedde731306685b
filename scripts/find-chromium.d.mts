// Types for find-chromium.mjs (imported by playwright.config.ts).
export declare const CHROMIUM_INSTALL_HINT: string;
export declare const CHROMIUM_ARGS: string[];
export declare function findChromium(environment?: Record<string, string | undefined>): string | null;
