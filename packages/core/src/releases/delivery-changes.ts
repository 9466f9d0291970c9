// In-process news of a committed delivery change (a release, rollback, delete or rotation). The
// NOTIFY raised in the change's transaction tells every process, but it arrives a moment after
// COMMIT: the process that made the change hears it here first, so a request it answers right
// after (the publisher fetching `latest`) never gets the copy from before.
export class DeliveryChanges {
  private readonly listeners = new Set<(projectId: string) => void>();

  /** Calls `listener` with the project of every change this process commits; returns the unsubscribe. */
  on(listener: (projectId: string) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /** Called after the change's transaction committed. */
  changed(projectId: string): void {
    for (const listener of this.listeners) listener(projectId);
  }
}

/** Waits for the change's transaction, then tells this process (its NOTIFY tells the others). */
export async function afterDeliveryChange<T>(
  ctx: { runtime: { deliveryChanges: DeliveryChanges } },
  projectId: string,
  committed: Promise<T>,
): Promise<T> {
  const result = await committed;
  ctx.runtime.deliveryChanges.changed(projectId);
  return result;
}
