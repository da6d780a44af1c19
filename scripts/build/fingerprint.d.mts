export declare const SERVER_SOURCES: string[];
export declare const CLIENT_SOURCES: string[];
export declare function fingerprint(root: string, sources: string[]): string | null;
