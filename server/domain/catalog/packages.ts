import type { BookingCapacity, CatalogPackage, HourPackage } from '../../../src/contract/entities.ts';
import type { Db } from '../../db/db.ts';
import { Refusal } from '../refusal.ts';

/**
 * Hour packages (docs/contract-extensions.md 'Hour packages'): a supervisor puts a number of hours
 * of one size on sale at one price, with bonus hours given with them and a validity in days. A
 * package is taken off sale by archiving it (purchases made keep what they bought); nothing deletes one.
 */

/** A package to put on sale: all but its id. */
export type NewPackage = Omit<HourPackage, 'id'>;

const columns = ['id', 'name', 'hours', 'bonus_hours', 'capacity', 'price_cents', 'valid_days', 'archived'] as const;

type PackageRow = { [K in (typeof columns)[number]]: K extends 'name' ? string : K extends 'archived' ? boolean : number };

const onSale = ({ archived: _archived, ...sold }: CatalogPackage): HourPackage => sold;
const toPackage = (row: PackageRow): CatalogPackage => ({ ...row, capacity: row.capacity as BookingCapacity });

/** The packages on sale: one-on-one first, then by hours and price. */
export async function listPackagesOnSale(db: Db): Promise<HourPackage[]> {
  const rows = await db.selectFrom('packages').select(columns).where('archived', '=', false).orderBy('capacity').orderBy('hours').orderBy('price_cents').orderBy('id').execute();
  return rows.map((row) => onSale(toPackage(row)));
}

/** Every package with its state (supervisors): those on sale first. */
export async function listCatalogPackages(db: Db): Promise<CatalogPackage[]> {
  const rows = await db.selectFrom('packages').select(columns).orderBy('archived').orderBy('capacity').orderBy('hours').orderBy('price_cents').orderBy('id').execute();
  return rows.map(toPackage);
}

export async function createPackage(db: Db, input: NewPackage, supervisorId: number, at: Date): Promise<CatalogPackage> {
  const row = await db
    .insertInto('packages')
    .values({ ...input, name: input.name.trim(), created_by: supervisorId, created_at: at })
    .returning(columns)
    .executeTakeFirstOrThrow();
  return toPackage(row);
}

/** Takes a package off sale, or puts an archived one back on sale. */
export async function setPackageArchived(db: Db, packageId: number, archived: boolean): Promise<CatalogPackage> {
  const row = await db.updateTable('packages').set({ archived }).where('id', '=', packageId).returning(columns).executeTakeFirst();
  if (!row) throw new Refusal('PackageNotFound');
  return toPackage(row);
}
