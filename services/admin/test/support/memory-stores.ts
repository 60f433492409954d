import { openStores, type Closing } from '@kadr/documents';
import { ADMIN_STORES, type AdminStores } from '../../src/data-access/stores';

/** The four collections in memory only. */
export async function openMemoryStores(): Promise<AdminStores & Closing> {
  const { stores, close } = await openStores({ service: 'admin', config: {}, stores: ADMIN_STORES });
  return { ...stores, close };
}
