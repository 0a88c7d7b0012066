import type { DraftStorage } from './visitor-draft';

const DB_NAME = 'reelwright';
const STORE = 'drafts';

/**
 * Text under keys in the browser's IndexedDB (database 'reelwright', store 'drafts'). IndexedDB
 * rather than localStorage because a document may reach PROJECT_MAX_BYTES (8 MiB), more than
 * localStorage holds (about 5 million characters per site), and its writes do not block the page.
 * Every call rejects where IndexedDB is missing or blocked, so the caller can say it is not kept.
 */
export function indexedDbStorage(factory: IDBFactory | undefined = globalThis.indexedDB): DraftStorage {
  let opening: Promise<IDBDatabase> | null = null;
  const database = () => {
    opening ??= openDatabase(factory, () => {
      opening = null;
    }).catch((error: unknown) => {
      opening = null; // try again next time (a blocked upgrade may pass later)
      throw error;
    });
    return opening;
  };

  async function run<T>(mode: IDBTransactionMode, use: (store: IDBObjectStore) => IDBRequest<T>): Promise<T> {
    const db = await database();
    return new Promise<T>((resolve, reject) => {
      const transaction = db.transaction(STORE, mode);
      const request = use(transaction.objectStore(STORE));
      // Resolve once the transaction is done, so a write has reached the disk's queue.
      transaction.oncomplete = () => resolve(request.result);
      transaction.onerror = () => reject(transaction.error ?? request.error);
      transaction.onabort = () => reject(transaction.error ?? new Error('The browser storage write was aborted'));
    });
  }

  return {
    get: async (key) => {
      const value = await run('readonly', (store) => store.get(key));
      return typeof value === 'string' ? value : undefined;
    },
    set: async (key, value) => {
      await run('readwrite', (store) => store.put(value, key));
    },
    delete: async (key) => {
      await run('readwrite', (store) => store.delete(key));
    },
  };
}

function openDatabase(factory: IDBFactory | undefined, onClosed: () => void): Promise<IDBDatabase> {
  return new Promise((resolve, reject) => {
    if (!factory) {
      reject(new Error('This browser keeps no IndexedDB'));
      return;
    }
    let request: IDBOpenDBRequest;
    try {
      request = factory.open(DB_NAME, 1);
    } catch (error) {
      reject(error); // e.g. a sandboxed frame
      return;
    }
    request.onupgradeneeded = () => request.result.createObjectStore(STORE);
    request.onsuccess = () => {
      const db = request.result;
      // Another tab upgrading the database: step aside, and open again on the next call.
      db.onversionchange = () => {
        db.close();
        onClosed();
      };
      resolve(db);
    };
    request.onerror = () => reject(request.error);
    request.onblocked = () => reject(new Error('The browser storage is blocked by another tab'));
  });
}
