import type { Kysely, KyselyPlugin, PluginTransformQueryArgs, PluginTransformResultArgs } from 'kysely';

/**
 * Counts the SQL statements run through a Kysely instance, for tests that bound the statements of a
 * call (issue 3: at most one per shelf). `withPlugin` returns a new instance on the same connections,
 * so nothing changes for other tests.
 */
export interface StatementCounter<DB> {
  kysely: Kysely<DB>;
  readonly count: number;
  reset: () => void;
}

export function countStatements<DB>(kysely: Kysely<DB>): StatementCounter<DB> {
  let count = 0;
  const plugin: KyselyPlugin = {
    transformQuery: (args: PluginTransformQueryArgs) => args.node,
    // Called once per executed statement (compiling alone does not count).
    transformResult: (args: PluginTransformResultArgs) => {
      count += 1;
      return Promise.resolve(args.result);
    },
  };
  return {
    kysely: kysely.withPlugin(plugin),
    get count() {
      return count;
    },
    reset: () => {
      count = 0;
    },
  };
}
