import { seedStockMusic } from '../apps/server/test/stock-music';

/** Makes the stock music once for the servers the end-to-end files start (see seedStockMusic). */
export default function setup() {
  return seedStockMusic();
}
