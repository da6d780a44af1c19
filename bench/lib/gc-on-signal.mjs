// Preloaded (node --expose-gc --import) into the API processes the capacity bench starts: on SIGUSR2 it runs a full
// garbage collection and prints the process's memory use as one line the bench reads. Not used by the product.
process.on('SIGUSR2', () => {
  globalThis.gc?.();
  process.stderr.write(`BENCH_MEMORY ${JSON.stringify(process.memoryUsage())}\n`);
});
