// The passengers a passengers import may update, read once per chunk instead of once per row: those with the
// chunk's external ids (anywhere in the account) and those on the chunk's routes (matched by name, letter case and
// spacing ignored, as stops are; a row without an external id matches a passenger of its name whatever external id
// that one holds, a row with its own never one holding another). A row looked up twice in one call sees what the earlier row wrote (remember()).
// Reading per row was quadratic: every row scanned its route's passengers by name.
import { ImportContext } from "./import-context";
import type { ImportDb } from "./import-database";

export interface IndexedPassenger {
  id: number;
  routeId: number;
  externalId: string | null;
}

export class PassengerIndex {
  private readonly byExternalId = new Map<string, IndexedPassenger>();
  /** route id → name key → passengers of that name on the route */
  private readonly byRouteName = new Map<number, Map<string, IndexedPassenger[]>>();
  /** where each passenger sits in byRouteName, to move it when a row renames it or moves it to another route */
  private readonly placeOf = new Map<number, { routeId: number; key: string; externalId: string | null }>();

  static async load(prisma: ImportDb, accountId: number, wanted: { externalIds: string[]; routeIds: number[] }): Promise<PassengerIndex> {
    const index = new PassengerIndex();
    const select = { id: true, routeId: true, externalId: true, name: true } as const;
    const [byExternalId, onRoutes] = await Promise.all([
      wanted.externalIds.length ? prisma.passenger.findMany({ where: { accountId, externalId: { in: wanted.externalIds } }, select }) : [],
      wanted.routeIds.length ? prisma.passenger.findMany({ where: { accountId, routeId: { in: wanted.routeIds } }, select }) : [],
    ]);
    for (const passenger of [...byExternalId, ...onRoutes]) index.remember(passenger);
    return index;
  }

  /**
   * The passengers a row may mean: the one with its external id; else those of its name on its route (the spec's
   * "then by name"), whatever external id they hold when the row gives none, and only those without one when the row
   * gives its own (a passenger holding another external id is somebody else). More than one is for the caller to
   * refuse as ambiguous.
   */
  find(passenger: { externalId: string | null; routeId: number; name: string }): IndexedPassenger[] {
    if (passenger.externalId !== null) {
      const byExternalId = this.byExternalId.get(passenger.externalId);
      if (byExternalId) return [byExternalId];
    }
    const sameName = this.byRouteName.get(passenger.routeId)?.get(ImportContext.stopKey(passenger.name)) ?? [];
    return passenger.externalId === null ? [...sameName] : sameName.filter((candidate) => candidate.externalId === null);
  }

  /** records a passenger as it now stands (after the row wrote it) */
  remember(passenger: IndexedPassenger & { name: string }): void {
    const entry: IndexedPassenger = { id: passenger.id, routeId: passenger.routeId, externalId: passenger.externalId };
    const before = this.placeOf.get(entry.id);
    if (before) {
      const list = this.byRouteName.get(before.routeId)?.get(before.key);
      list?.splice(list.findIndex((candidate) => candidate.id === entry.id), 1);
      if (before.externalId !== null && this.byExternalId.get(before.externalId)?.id === entry.id) this.byExternalId.delete(before.externalId);
    }
    if (entry.externalId !== null) this.byExternalId.set(entry.externalId, entry);
    const names = this.byRouteName.get(entry.routeId) ?? new Map<string, IndexedPassenger[]>();
    const key = ImportContext.stopKey(passenger.name);
    names.set(key, [...(names.get(key) ?? []), entry]);
    this.byRouteName.set(entry.routeId, names);
    this.placeOf.set(entry.id, { routeId: entry.routeId, key, externalId: entry.externalId });
  }
}
