export type BuildPart = 'server' | 'client';
export declare const SERVER_ENTRIES: Record<'start' | 'api' | 'worker' | 'seed', string>;
export declare function buildState(root: string, part: BuildPart): 'fresh' | 'missing' | 'stale';
export declare function build(root: string, part: BuildPart, log?: (line: string) => void): Promise<void>;
export declare function ensureBuilt(root: string, parts: BuildPart[], log?: (line: string) => void): Promise<void>;
