import type { Kysely, Transaction } from 'kysely';

import type { Database } from './schema';

/*
 * Composable transactions (docs/decisions/018). A service opens a transaction with its
 * `TransactionRunner` and hands the transaction to each repository method it calls; a repository
 * method that writes takes it as an optional last argument and runs on the server's connections
 * without one. Inside a transaction every statement must go through it: on SQLite the one connection
 * is held by the transaction, so a statement sent to the root Kysely would wait for it forever.
 */

/** What a repository statement runs on: the server's connections or a transaction. */
export type DbExecutor = Kysely<Database>;

/** A transaction a service opened; repository methods that may take part in one accept it. */
export type DbTransaction = Transaction<Database>;

/** Runs `work` in one transaction: committed when it resolves, rolled back when it throws. */
export type TransactionRunner = <T>(work: (tx: DbTransaction) => Promise<T>) => Promise<T>;

/** The runner services get from the composition root (the same on both engines). */
export function createTransactionRunner(db: Kysely<Database>): TransactionRunner {
  return (work) => db.transaction().execute(work);
}

/**
 * Runs a repository's statements that belong together in the caller's transaction when `executor`
 * is one, otherwise in a transaction of their own. (Kysely cannot open a transaction inside another,
 * and this way the caller's commit or rollback covers them too.)
 */
export function inTransaction<T>(executor: DbExecutor, work: (tx: DbExecutor) => Promise<T>): Promise<T> {
  return executor.isTransaction ? work(executor) : executor.transaction().execute(work);
}
