import { seedMigratedDatabase } from '../apps/server/test/migrated-database';
import { seedStockMusic } from '../apps/server/test/stock-music';

/**
 * Makes once what every server the end-to-end files start would make at its first start: the
 * stock music (see seedStockMusic) and the migrated embedded database (see seedMigratedDatabase).
 */
export default async function setup() {
  const removers = await Promise.all([seedStockMusic(), seedMigratedDatabase()]);
  return async () => {
    for (const remove of removers) await remove();
  };
}
