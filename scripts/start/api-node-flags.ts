/**
 * The Node flags the API runs with wherever it is started: package.json's start scripts, the Dockerfile, compose (a
 * test keeps them the same), the tests' API processes and the bench's. A young generation capped at 8 MB a half, and an
 * old generation that may double between full collections (docs/architecture.md, "Memory"; bench/README.md).
 */
export const API_NODE_FLAGS = ['--max-semi-space-size=8', '--heap-growing-percent=100'];
