// At most AI_MAX_CONCURRENCY provider calls at a time per organization. The count lives in this
// process: the api's synchronous batches and an embedded worker share it; separate worker
// processes each allow the limit (a documented limitation: N processes allow N × the limit).
interface Gate {
  active: number;
  waiting: (() => void)[];
}

const gates = new Map<string, Gate>();

export async function withOrgSlot<T>(organizationId: string, limit: number, fn: () => Promise<T>): Promise<T> {
  let gate = gates.get(organizationId);
  if (!gate) {
    gate = { active: 0, waiting: [] };
    gates.set(organizationId, gate);
  }
  const g = gate;
  if (g.active >= limit) await new Promise<void>((resolve) => g.waiting.push(resolve));
  else g.active++;
  try {
    return await fn();
  } finally {
    const next = g.waiting.shift();
    // A waiter inherits the slot, so `active` stays the same when one is handed over.
    if (next) next();
    else {
      g.active--;
      if (g.active === 0) gates.delete(organizationId);
    }
  }
}
