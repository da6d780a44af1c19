export declare function recordGeneratedClient(root: string): void;
export declare function prismaClientIsCurrent(root: string): boolean;
export declare function ensurePrismaClient(root: string, log?: (line: string) => void): void;
