/**
 * The webhook delivery worker: up to `PARALLEL` attempts at once in this process, each a delivery
 * claimed fairly between members (claim.ts), so one member's silent endpoints take at most their
 * share. It looks for due deliveries every second and as soon as an attempt ends. Runs beside the
 * render worker, in `serve` or in `worker` processes.
 */
import { claimDueDelivery } from './claim';
import { attemptDelivery, type WebhookJobContext } from './job';

export type WebhookWorker = { stop(): Promise<void> };

const POLL_MS = 1000;
const PARALLEL = 4;
/** A claim outlives the longest attempt and its recording; past it another worker may take the delivery. */
const LEASE_MARGIN_MS = 30_000;

export function startWebhookWorker(context: WebhookJobContext): WebhookWorker {
  const inFlight = new Set<Promise<void>>();
  const leaseMs = context.config.timeoutMs + LEASE_MARGIN_MS;
  let stopped = false;
  let claiming = false;

  async function fillSlots() {
    if (claiming || stopped) return;
    claiming = true;
    try {
      while (!stopped && inFlight.size < PARALLEL) {
        const deliveryId = await claimDueDelivery(context.db, leaseMs);
        if (deliveryId === null) break;
        const run: Promise<void> = attemptDelivery(context, deliveryId)
          .then(
            () => {},
            (error: Error) => context.log?.(`webhook delivery ${deliveryId} attempt failed: ${error.message}`),
          )
          .finally(() => {
            inFlight.delete(run);
            void fillSlots();
          });
        inFlight.add(run);
      }
    } catch (error) {
      context.log?.(`webhook deliveries not claimed: ${(error as Error).message}`);
    } finally {
      claiming = false;
    }
  }

  const timer = setInterval(() => void fillSlots(), POLL_MS);
  void fillSlots();
  return {
    async stop() {
      stopped = true;
      clearInterval(timer);
      await Promise.allSettled([...inFlight]);
    },
  };
}
