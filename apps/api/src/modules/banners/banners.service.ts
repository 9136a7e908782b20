import type { Db } from '../../db/client.ts';
import { toBanner } from './banners.mapper.ts';
import { findActiveBanners } from './banners.repository.ts';

export const listActiveBanners = async (db: Db) => (await findActiveBanners(db)).map(toBanner);
