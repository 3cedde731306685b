// What every row of one import call is matched against, loaded once per call (or per chunk of a large job): the
// account's vehicles (by plate or name; never created), drivers (by e-mail, phone or name) and routes (by number).
// Matching ignores letter case and, for plates, spaces and dashes. Two vehicles or drivers answering to the same
// text are an error for the row, not a pick.
import type { ImportDb } from "./import-database";
import { phoneKey } from "../values/phone-number";
import { parsed, shown, unreadable, type Parsed } from "../values/parsed";
import { stopNameKey } from "../routes/stop-name-taken";

const plateKey = (plate: string) => plate.toUpperCase().replace(/[\s-]/g, "");
const nameKey = (name: string) => name.trim().toLowerCase().replace(/\s+/g, " ");

/** many-valued index: a key may name several records (then it is ambiguous) */
class Index {
  private readonly ids = new Map<string, Set<number>>();
  add(key: string | null | undefined, id: number) {
    if (!key) return;
    const set = this.ids.get(key) ?? new Set<number>();
    set.add(id);
    this.ids.set(key, set);
  }
  find(key: string | null): number[] {
    return key ? [...(this.ids.get(key) ?? [])] : [];
  }
}

export interface RouteRef {
  id: number;
  startMinute: number | null;
  endMinute: number | null;
  /** stop ids by lowercased name */
  stops: Map<string, number>;
}

export class ImportContext {
  private constructor(
    readonly accountId: number,
    private readonly vehiclesByPlate: Index,
    private readonly vehiclesByName: Index,
    private readonly driversByEmail: Index,
    private readonly driversByPhone: Index,
    private readonly driversByName: Index,
    readonly routes: Map<string, RouteRef>,
  ) {}

  static async load(prisma: ImportDb, accountId: number): Promise<ImportContext> {
    const [assets, drivers] = await Promise.all([
      prisma.asset.findMany({ where: { accountId }, select: { id: true, name: true, plate: true } }),
      prisma.driver.findMany({ where: { accountId }, select: { id: true, name: true, email: true, phone: true } }),
    ]);
    const byPlate = new Index();
    const byName = new Index();
    for (const asset of assets) {
      if (asset.plate) byPlate.add(plateKey(asset.plate), asset.id);
      byName.add(nameKey(asset.name), asset.id);
    }
    const byEmail = new Index();
    const byPhone = new Index();
    const byDriverName = new Index();
    for (const driver of drivers) {
      byEmail.add(driver.email?.toLowerCase(), driver.id);
      byPhone.add(driver.phone ? phoneKey(driver.phone) : null, driver.id);
      byDriverName.add(nameKey(driver.name), driver.id);
    }
    const context = new ImportContext(accountId, byPlate, byName, byEmail, byPhone, byDriverName, new Map());
    await context.reloadRoutes(prisma);
    return context;
  }

  /** routes with their stops, by route number (again after a routes import changed them) */
  async reloadRoutes(prisma: ImportDb) {
    const routes = await prisma.route.findMany({
      where: { accountId: this.accountId },
      select: { id: true, routeNumber: true, startMinute: true, endMinute: true, stops: { select: { id: true, name: true } } },
    });
    this.routes.clear();
    for (const route of routes) {
      this.routes.set(route.routeNumber, {
        id: route.id,
        startMinute: route.startMinute,
        endMinute: route.endMinute,
        stops: new Map(route.stops.map((stop) => [nameKey(stop.name), stop.id])),
      });
    }
  }

  /** a vehicle by plate, else by name */
  vehicle(text: string): Parsed<number> {
    const byPlate = this.vehiclesByPlate.find(plateKey(text));
    const matches = byPlate.length > 0 ? byPlate : this.vehiclesByName.find(nameKey(text));
    if (matches.length === 1) return parsed(matches[0]!);
    if (matches.length > 1) return unreadable(`vehicle ${shown(text)} names ${matches.length} vehicles; use the plate`);
    return unreadable(`vehicle ${shown(text)} is not a plate or name of a vehicle in the account (vehicles are matched, never created)`);
  }

  /** a driver by e-mail (text with @), by phone (text of digits), else by name */
  driver(text: string): Parsed<number> {
    const trimmed = text.trim();
    const looksLikePhone = /^[+(]?[\d\s().-]{5,}$/.test(trimmed);
    const matches = trimmed.includes("@")
      ? this.driversByEmail.find(trimmed.toLowerCase())
      : looksLikePhone
        ? this.driversByPhone.find(phoneKey(trimmed))
        : this.driversByName.find(nameKey(trimmed));
    if (matches.length === 1) return parsed(matches[0]!);
    if (matches.length > 1) return unreadable(`driver ${shown(text)} names ${matches.length} drivers; use their e-mail or phone`);
    return unreadable(`driver ${shown(text)} is not the name, e-mail or phone of a driver in the account`);
  }

  route(routeNumber: string): RouteRef | undefined {
    return this.routes.get(routeNumber);
  }

  /** stops are matched by the routes module's own rule (routes/stop-name-taken.ts) */
  static stopKey = stopNameKey;
}
