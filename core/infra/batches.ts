/**
 * Runs a delete of at most `batch` rows until one deletes fewer, and answers the total. Small batches keep each
 * statement's locks and WAL short, so purging a large backlog never stalls the writes around it.
 */
export async function inBatches(batch: number, deleteSome: () => Promise<number>): Promise<number> {
  let total = 0;
  for (;;) {
    const deleted = await deleteSome();
    total += deleted;
    if (deleted < batch) return total;
  }
}
