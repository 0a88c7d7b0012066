/** Runs `work` on each item, `atOnce` at a time, and settles when all are done (or one failed). */
export async function inTurn<T>(items: readonly T[], atOnce: number, work: (item: T) => Promise<void>): Promise<void> {
  const queue = [...items];
  const worker = async () => {
    for (let item = queue.shift(); item !== undefined; item = queue.shift()) await work(item);
  };
  await Promise.all(Array.from({ length: atOnce }, worker));
}
