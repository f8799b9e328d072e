import type { ColumnDefinitionBuilder, CreateTableBuilder } from 'kysely';

import type { Dialect } from '../database';

/*
 * Column helpers shared by the migrations. Applied migrations must never change what they do, so
 * these helpers never change behaviour either: a new need gets a new helper.
 */

export type Table = CreateTableBuilder<string>;

/** An auto-increment integer key on either engine. */
export function withId(table: Table, dialect: Dialect): Table {
  return dialect === 'postgres'
    ? table.addColumn('id', 'serial', (col) => col.primaryKey())
    : table.addColumn('id', 'integer', (col) => col.primaryKey().autoIncrement());
}

export const notNull = (col: ColumnDefinitionBuilder) => col.notNull();
