// Test support: the named tables of a real database client behind proxies that count every call made through them,
// so a test can show that a use case asks the database a fixed number of times whatever the size of its input.
import type { Db } from "../db/client";

export function countingReader<K extends keyof Db>(db: Db, tables: readonly K[]): { reader: Pick<Db, K>; count: () => number } {
  let queries = 0;
  const wrap = <T extends object>(delegate: T): T =>
    new Proxy(delegate, {
      get(target, property, receiver) {
        const value = Reflect.get(target, property, receiver);
        if (typeof value !== "function") return value;
        return (...args: unknown[]) => {
          queries += 1;
          return (value as (...a: unknown[]) => unknown).apply(target, args);
        };
      },
    });
  const reader = Object.fromEntries(tables.map((table) => [table, wrap(db[table] as object)])) as Pick<Db, K>;
  return { reader, count: () => queries };
}
